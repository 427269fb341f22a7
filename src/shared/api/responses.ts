import { z } from 'zod'
import { AccountInfoSchema } from '#shared/api/account.ts'
import { AssessorPackSchema } from '#shared/api/assessor-pack.ts'
import { SessionResponseSchema } from '#shared/api/auth.ts'
import { BlendComparisonSchema, BlendDetailSchema, BlendDetailsSchema, BlendListPageSchema } from '#shared/api/blend-list.ts'
import {
  AccordUsesSchema,
  BlendProjectSchema,
  BlendVersionSchema,
  CreatedVersionSchema,
  SavedBlendSchema,
  SavePreviewSchema,
} from '#shared/api/blends.ts'
import { ComplianceAnswerSchema, CompliantVersionSchema } from '#shared/api/compliance.ts'
import { ConnectedAppListSchema } from '#shared/api/connected-apps.ts'
import { BottleDocumentListSchema } from '#shared/api/bottle-documents.ts'
import { BottleDocumentSchema } from '#shared/api/documents.ts'
import { ImportResultSchema } from '#shared/api/export.ts'
import { BatchTraceSchema, BottleTraceSchema } from '#shared/api/trace.ts'
import { IfraCertificateAnswerSchema, IfraCertificateSchema, IfraCheckSchema } from '#shared/api/ifra.ts'
import {
  AllergenListSchema,
  BatchLabelAnswerSchema,
  BottleDeclarationSchema,
  ClpNoticeSchema,
  DeclarationAnswerSchema,
  LabelSchema,
  LabelSettingsSchema,
} from '#shared/api/labels.ts'
import { JournalEntrySchema } from '#shared/api/journal.ts'
import { MeSummarySchema } from '#shared/api/me.ts'
import { RedeemResponseSchema } from '#shared/api/redeem.ts'
import { ReadyListSchema, ReminderSettingsSchema } from '#shared/api/reminders.ts'
import { IngredientListSchema, IngredientSchema } from '#shared/api/ingredients.ts'
import { OilListSchema } from '#shared/api/oils.ts'
import { CopiedBlendSchema, ShareLinkListSchema, ShareLinkSchema } from '#shared/api/shares.ts'
import { BatchListSchema, BatchSchema, BottleListSchema, BottleSchema, ShelfOilListSchema, UserSettingsSchema } from '#shared/api/shelf.ts'

/**
 * The answers the client reads, by name: each is the schema the server's route answers with
 * (`answers(...)` in its *.routes.ts). The client names the answer it expects (`readAs(res,
 * 'Bottle')` in src/client/lib/http.ts) and gets its type from here; in development and tests it
 * also parses the body with the schema, so a server and client that drift apart fail a test. A
 * production build never loads this module: the signed-in shell carries no schema library.
 * (The auth client's two answers, /api/auth-config and /api/auth/token, are checked by hand in
 * production too, by `toAuthConfig` and `tokenOf`, which a unit test holds to their schemas.)
 */
export const RESPONSES = {
  AccordUses: AccordUsesSchema,
  AccountInfo: AccountInfoSchema,
  AssessorPack: AssessorPackSchema,
  AllergenList: AllergenListSchema,
  Batch: BatchSchema,
  BatchLabelAnswer: BatchLabelAnswerSchema,
  BatchList: BatchListSchema,
  BatchTrace: BatchTraceSchema,
  BlendComparison: BlendComparisonSchema,
  ComplianceAnswer: ComplianceAnswerSchema,
  CompliantVersion: CompliantVersionSchema,
  BlendDetail: BlendDetailSchema,
  BlendDetails: BlendDetailsSchema,
  BlendListPage: BlendListPageSchema,
  BlendProjects: z.array(BlendProjectSchema),
  BlendVersion: BlendVersionSchema,
  Bottle: BottleSchema,
  BottleDeclaration: BottleDeclarationSchema,
  BottleDocument: BottleDocumentSchema,
  BottleDocumentList: BottleDocumentListSchema,
  BottleList: BottleListSchema,
  BottleTrace: BottleTraceSchema,
  ClpNotice: ClpNoticeSchema,
  ConnectedAppList: ConnectedAppListSchema,
  CopiedBlend: CopiedBlendSchema,
  CreatedVersion: CreatedVersionSchema,
  DeclarationAnswer: DeclarationAnswerSchema,
  IfraCertificate: IfraCertificateSchema,
  IfraCertificateAnswer: IfraCertificateAnswerSchema,
  IfraCheck: IfraCheckSchema,
  ImportResult: ImportResultSchema,
  JournalEntries: z.array(JournalEntrySchema),
  JournalEntry: JournalEntrySchema,
  Label: LabelSchema,
  LabelSettings: LabelSettingsSchema,
  MeSummary: MeSummarySchema,
  OilList: OilListSchema,
  Ingredient: IngredientSchema,
  IngredientList: IngredientListSchema,
  ReadyList: ReadyListSchema,
  RedeemResponse: RedeemResponseSchema,
  ReminderSettings: ReminderSettingsSchema,
  SavedBlend: SavedBlendSchema,
  SavePreview: SavePreviewSchema,
  Session: SessionResponseSchema,
  ShareLink: ShareLinkSchema,
  ShareLinkList: ShareLinkListSchema,
  ShelfOilList: ShelfOilListSchema,
  UserSettings: UserSettingsSchema,
} as const

export type ResponseName = keyof typeof RESPONSES
/** The body of an answer, as its schema types it. */
export type ResponseOf<N extends ResponseName> = z.output<(typeof RESPONSES)[N]>
