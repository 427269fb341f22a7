import type { Generated, Insertable, Selectable } from 'kysely'

/**
 * Columns holding lists or objects are JSON text on both engines, so one query
 * shape and one mapping serve SQLite and PostgreSQL alike.
 */
export interface EssentialOilsTable {
  id: Generated<number>
  slug: string
  name: string
  latin_name: string
  /** Added by 0018-allergen-labels; '' until the seed fills it. */
  inci_name: string
  annex_entry_id: string | null
  note_types: string
  scent_family: string
  effects: string
  description: string
  blends_with: string
  density_g_per_ml: number
  safety: string | null
  /** Migration 0030 (decision 068): a maker's own ingredient's owner, null for a catalog oil. */
  user_id: string | null
  /** The maker's name for an own ingredient (its `name` holds its unique slug); null for a catalog oil. */
  own_name: string | null
  kind: string | null
  based_on_oil_id: number | null
}

/**
 * The identity service's tables (migration 0002-auth). better-auth owns their rows; our code reads
 * them at most. Dates are Date on PostgreSQL and ISO-8601 text on SQLite; booleans are 0/1 on SQLite.
 */
type AuthDate = Date | string

export interface UserTable {
  id: string
  name: string
  email: string
  emailVerified: boolean | number
  image: string | null
  createdAt: AuthDate
  updatedAt: AuthDate
}

export interface SessionTable {
  id: string
  expiresAt: AuthDate
  token: string
  createdAt: AuthDate
  updatedAt: AuthDate
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface AccountTable {
  id: string
  accountId: string
  providerId: string
  userId: string
  accessToken: string | null
  refreshToken: string | null
  idToken: string | null
  accessTokenExpiresAt: AuthDate | null
  refreshTokenExpiresAt: AuthDate | null
  scope: string | null
  password: string | null
  createdAt: AuthDate
  updatedAt: AuthDate
}

export interface VerificationTable {
  id: string
  identifier: string
  value: string
  expiresAt: AuthDate
  createdAt: AuthDate
  updatedAt: AuthDate
}

export interface JwksTable {
  id: string
  publicKey: string
  privateKey: string
  createdAt: AuthDate
  expiresAt: AuthDate | null
  alg: string | null
  crv: string | null
}

export interface UserSequencesTable {
  user_id: string
  last_project_number: Generated<number>
  last_entry_number: Generated<number>
  /** Bumped by every write to the user's blends, versions and test entries (list caching). */
  data_version: Generated<number>
}

export interface BlendProjectsTable {
  id: Generated<number>
  user_id: string
  number: number
  name: string
  /** The name trimmed and lower-cased: how "the same name" is matched. */
  name_key: string
  /** The name's "A-Z" sort key (nameSortKey in src/shared/domain/journal-list.ts; migration 0009). */
  name_sort: string
  description: string | null
  /** Versions ever created; the next version's letter comes from it. */
  version_count: Generated<number>
  created_at: string
  /** Bumped by every write that changes the project's list entry (see touchProject). */
  list_version: Generated<number>
  /** 1 when a reader copied it from someone's shared link (migration 0012). */
  copied_from_share: Generated<number>
}

/** 0 or 1 on both engines. */
type Flag = number

export interface BlendVersionsTable {
  id: Generated<number>
  project_id: number
  user_id: string
  version_letter: string
  reference_number: string
  top_oils: string
  middle_oils: string
  base_oils: string
  oil_names: string
  effects: string
  formulation_notes: string | null
  testing_notes: string | null
  rating: number | null
  tested: Flag
  date_made: string
  date_tested: string | null
  maturation_period: number
  maturation_complete: Flag
  cross_contamination_prevented: Flag
  weighed_in_grams: Flag
  created_at: string
}

export interface JournalEntriesTable {
  id: Generated<number>
  user_id: string
  project_id: number
  version_id: number
  reference_number: string
  /** YYYY-MM-DD, the day the tested batch was made (migration 0015; decision 036). */
  date_made: string
  /** YYYY-MM-DD, the day of the test; null for an entry not yet tested. */
  date_tested: string | null
  notes: string | null
  rating: number | null
  tested: Flag
  maturation_period: number
  maturation_complete: Flag
  cross_contamination_prevented: Flag
  weighed_in_grams: Flag
  created_at: string
  /** The recorded batch this test is of; null when none was chosen (or it was deleted). */
  batch_id: number | null
}

/** One reader discount submission (POST /api/redeem); honeypot hits are never stored. */
export interface RedemptionClaimsTable {
  id: Generated<number>
  email: string
  marketplace: string
  /** YYYY-MM */
  purchase_month: string
  /** How the reader proved the purchase; null when neither the word nor a code checked out. */
  verified_by: 'word' | 'code' | null
  created_at: string
}

/** Single-use codes printed in copies of the book (imported with npm run redeem:import-codes). */
export interface RedemptionCodesTable {
  id: Generated<number>
  /** Trimmed and upper-case. */
  code: string
  created_at: string
  claimed_at: string | null
  claim_id: number | null
}

/** A create endpoint's idempotency key (migration 0008): reserved with the create, holding its answer. */
export interface IdempotencyKeysTable {
  id: Generated<number>
  user_id: string
  /** "POST /api/blends": a key is the user's and the endpoint's. */
  method_path: string
  key: string
  /** SHA-256 of the validated request body: the same key with another body is refused. */
  request_hash: string
  /** Null only inside the reserving transaction, before the answer is stored. */
  status: number | null
  /** The answer's JSON, exactly as first sent. */
  response_body: string | null
  created_at: string
}

/** A read-only link to one version of a blend (migration 0012). */
export interface ShareLinksTable {
  id: Generated<number>
  token: string
  user_id: string
  project_id: number
  version_id: number
  include_notes: Flag
  show_name: Flag
  created_at: string
}

/** The user's settings (migration 0013): one row per user, made when they first choose something. */
export interface UserSettingsTable {
  user_id: string
  /** ISO 4217; null until chosen. */
  currency: string | null
  updated_at: string
  /** Reminders when a blend is ready to test (migration 0016), per channel: 0/1. */
  remind_by_email: Generated<Flag>
  remind_by_push: Generated<Flag>
  /** The maker's IANA time zone, from their browser; null until they save reminder settings (UTC is used). */
  time_zone: string | null
  /** Migration 0022 (decision 050): the batch code pattern (null: the default) and the responsible person. */
  batch_code_pattern: string | null
  responsible_name: string | null
  responsible_address: string | null
  /** Migration 0038 (decision 088): the account's language (en, de, fr, es, it); null until chosen. */
  language: string | null
}

/** One bottle on the user's shelf (migration 0013; docs/product.md "The oil shelf"). */
export interface ShelfBottlesTable {
  id: Generated<number>
  user_id: string
  oil_id: number
  unit: 'mL' | 'g'
  /** The bottle's size, in `unit`, as the user gave it. */
  size: number
  /** What is left, in thousandths of `unit` (microlitres or milligrams): draws subtract and undo adds back exactly. */
  remaining_milli: number
  price: number | null
  supplier: string | null
  lot_code: string | null
  /** YYYY-MM-DD */
  purchased_on: string | null
  created_at: string
  updated_at: string
  /** Migration 0035 (issue 36): the day the bottle was opened, YYYY-MM-DD; null: not recorded. */
  opened_on: string | null
  /** Migration 0035: its best-before day, YYYY-MM-DD, defaulted from the oil's shelf life and changeable; null: not known. */
  best_before: string | null
}

/** A file attached to a bottle (migration 0036, issue 36): a supplier's document, stored in the database. */
export interface BottleDocumentsTable {
  id: Generated<number>
  user_id: string
  bottle_id: number
  /** A DocumentKind (src/shared/api/documents.ts). */
  kind: string
  /** The name the file was uploaded with, cleaned (src/shared/api/documents.ts). */
  file_name: string
  /** The type its content was recognised as (never the name's): application/pdf, image/png, image/jpeg or image/webp. */
  media_type: string
  byte_size: number
  /** The file's bytes: a blob on SQLite, bytea on PostgreSQL. Never selected by a list. */
  content: Uint8Array
  created_at: string
}

/** A batch made from a blend's version ("Mark as made", migration 0013). */
export interface BatchesTable {
  id: Generated<number>
  user_id: string
  project_id: number
  version_id: number
  made_on: string
  product_type: string
  /** Who it was made for: an audience id (src/shared/domain/audiences.ts, migration 0031). */
  audience: Generated<string>
  weight: number
  unit: 'g' | 'oz' | 'lb'
  oil_percentage: number
  units: number | null
  /** JSON: the BatchOil list (src/shared/api/shelf.ts), as worked out when the batch was made. */
  oils: string
  total_cost: number | null
  cost_is_partial: Generated<Flag>
  currency: string | null
  created_at: string
  /** Migration 0022: the batch's code, unique per user (decision 050). */
  code: Generated<string>
  /** Migration 0032: JSON, the IfraCheck (src/shared/api/ifra.ts) recorded when it was made; null before. */
  ifra_check: string | null
  /** Migration 0034: a neat batch's amount left, in thousandths of a gram (decision 074); null for every other batch. */
  remaining_milli: number | null
  /** Migration 0034: JSON, the BatchAccord list (src/shared/api/shelf.ts): how each accord was weighed; null when none. */
  accords: string | null
  /** Migration 0037 (issue 36): the maker's checks when it was made, 0/1; null for batches recorded before they were asked. */
  cross_contamination_prevented: Flag | null
  weighed_in_grams: Flag | null
}

/** What one batch took from a neat batch of an accord (migration 0034, decision 074), so undo puts back exactly that. */
export interface BatchAccordDrawsTable {
  id: Generated<number>
  batch_id: number
  user_id: string
  /** The neat batch drawn from; null once it was undone. */
  source_batch_id: number | null
  accord_version_id: number
  /** Thousandths of a gram taken. */
  amount_milli: number
}

/** What one batch took from one bottle (migration 0013), so undo puts back exactly that. */
export interface BatchDrawsTable {
  id: Generated<number>
  batch_id: number
  user_id: string
  /** Null once the bottle was deleted (decision 026). */
  bottle_id: number | null
  oil_id: number
  /** The bottle's unit when the draw was made. */
  unit: 'mL' | 'g'
  /** Thousandths of `unit` taken. */
  amount_milli: number
  ml: number
}

/** Where an imported record came from (migration 0010): the id it had in the file, per user and kind. */
export interface ImportOriginsTable {
  id: Generated<number>
  user_id: string
  kind: 'blend' | 'version' | 'test-entry' | 'bottle' | 'batch'
  /** The record's id in the imported file, as text. */
  source_id: string
  /** The blend_projects, blend_versions or journal_entries row the import made. */
  target_id: number
  created_at: string
}

/** A revoked share link's row, kept a short while for 'Undo' (migration 0017, decision 041). */
export interface RevokedShareLinksTable {
  id: Generated<number>
  user_id: string
  token: string
  /** JSON: the share_links row exactly as it was stored. */
  link: string
  revoked_at: string
}

/** A deleted blend's rows, kept a short while for 'Undo' (migration 0014). */
export interface DeletedBlendsTable {
  id: Generated<number>
  user_id: string
  project_id: number
  /** JSON: { project, versions, entries, shares }, each row exactly as it was stored. */
  rows: string
  deleted_at: string
}

/**
 * Something that becomes ready to test (migration 0016, decision 038): a version when it is saved, a
 * batch when it is recorded. Home's Ready list and the reminder scheduler both read it.
 */
export interface RemindersTable {
  id: Generated<number>
  user_id: string
  project_id: number
  version_id: number
  /** Null for a version's own reminder. */
  batch_id: number | null
  /** The made day, YYYY-MM-DD: a test dated on or after it settles the reminder. */
  made_on: string
  /** ISO moment the maturation ends. */
  due_at: string
  /** When a scheduler took it (a lease: a claim older than a few minutes with no send is taken again). */
  claimed_at: string | null
  /** When it was sent, or settled without sending (no channel on, or already tested). */
  sent_at: string | null
  created_at: string
}

/** A browser allowed to show the user's reminders (migration 0016). */
export interface PushSubscriptionsTable {
  id: Generated<number>
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  created_at: string
}

/** A bottle's supplier allergen declaration (migration 0018; docs/product.md "Allergen labels"). One per bottle, i.e. per lot. */
export interface BottleDeclarationsTable {
  bottle_id: number
  user_id: string
  basis: 'w/w' | 'w/v'
  /** JSON: { entryId, percent }[] (src/shared/api/labels.ts). */
  items: string
  /** How many entries `items` lists, so the shelf shows it without parsing. */
  item_count: number
  /** 1: the declaration states the oil holds no Annex III allergen (`items` is empty; migration 0021). */
  declares_none: Generated<number>
  updated_at: string
}

/** A bottle's IFRA certificate (migration 0032; docs/product.md "IFRA certificates"). One per bottle, i.e. per lot. */
export interface BottleIfraCertificatesTable {
  bottle_id: number
  user_id: string
  /** The amendment the certificate follows, as printed ("51st"). */
  amendment: string
  /** YYYY-MM-DD, or null when not entered. */
  issued_on: string | null
  /** JSON: { category, limit }[] (src/shared/api/ifra.ts). */
  limits: string
  updated_at: string
}

/** One accord line of a version (migration 0033; decision 072): derived from the version's layers by the blends keeper. */
export interface BlendAccordUsesTable {
  id: Generated<number>
  user_id: string
  /** The version holding the accord (the host). */
  version_id: number
  /** The accord's blend (no foreign key: the line outlives a delete of that blend). */
  accord_project_id: number
  accord_version_id: number
}

/** The label saved with a batch (migration 0018). */
export interface BatchLabelsTable {
  batch_id: number
  user_id: string
  /** JSON: the Label (src/shared/api/labels.ts). */
  label: string
  complete: Flag
  /** JSON: the INCI names declared, for the journal's batch list. */
  declared: string
  saved_at: string
}

/**
 * The OAuth provider's tables (migration 0019, decision 046): better-auth's oauth-provider owns
 * their rows; ours reads connections and deletes them on Disconnect and account deletion. Only the
 * columns our code touches are typed. Lists are JSON (text on SQLite, jsonb on PostgreSQL).
 */
type AuthList = string | string[]

export interface OauthClientTable {
  id: string
  clientId: string
  name: string | null
  redirectUris: AuthList
  disabled: boolean | number | null
  userId: string | null
  /** When it registered: a client nobody connected is removed a day later (decision 058). */
  createdAt: AuthDate | null
}

export interface OauthConsentTable {
  id: string
  clientId: string
  userId: string | null
  scopes: AuthList
  createdAt: AuthDate
  updatedAt: AuthDate
}

export interface OauthTokenTable {
  id: string
  clientId: string
  userId: string | null
}

export interface OauthClientResourceTable {
  id: string
  clientId: string
  resourceId: string
}

/** When a maker's connected app last called /mcp (migration 0019; throttled writes). */
export interface ConnectedAppUseTable {
  user_id: string
  client_id: string
  last_used_at: string
}

export interface Database {
  essential_oils: EssentialOilsTable
  user: UserTable
  session: SessionTable
  account: AccountTable
  verification: VerificationTable
  jwks: JwksTable
  user_sequences: UserSequencesTable
  blend_projects: BlendProjectsTable
  blend_versions: BlendVersionsTable
  blend_accord_uses: BlendAccordUsesTable
  share_links: ShareLinksTable
  revoked_share_links: RevokedShareLinksTable
  journal_entries: JournalEntriesTable
  redemption_claims: RedemptionClaimsTable
  redemption_codes: RedemptionCodesTable
  idempotency_keys: IdempotencyKeysTable
  import_origins: ImportOriginsTable
  user_settings: UserSettingsTable
  shelf_bottles: ShelfBottlesTable
  bottle_documents: BottleDocumentsTable
  batches: BatchesTable
  batch_draws: BatchDrawsTable
  batch_accord_draws: BatchAccordDrawsTable
  bottle_declarations: BottleDeclarationsTable
  batch_labels: BatchLabelsTable
  bottle_ifra_certificates: BottleIfraCertificatesTable
  deleted_blends: DeletedBlendsTable
  reminders: RemindersTable
  push_subscriptions: PushSubscriptionsTable
  oauthClient: OauthClientTable
  oauthConsent: OauthConsentTable
  oauthAccessToken: OauthTokenTable
  oauthRefreshToken: OauthTokenTable
  oauthClientResource: OauthClientResourceTable
  connected_app_use: ConnectedAppUseTable
}

export type EssentialOilRow = Selectable<EssentialOilsTable>
export type NewEssentialOilRow = Insertable<EssentialOilsTable>
export type BlendProjectRow = Selectable<BlendProjectsTable>
export type BlendVersionRow = Selectable<BlendVersionsTable>
export type NewBlendVersionRow = Insertable<BlendVersionsTable>
