import { z } from 'zod'
import { bodyIdField } from '#shared/api/ids.ts'
import { EffectSchema } from '#shared/api/oils.ts'
import { SHARE_TOKEN_PATTERN } from '#shared/api/share-token.ts'

export { SHARE_TOKEN_PATTERN, sharePath } from '#shared/api/share-token.ts'

export const ShareTokenParamSchema = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN, 'This is not a share link') }).strict()

/** POST /api/blends/{id}/shares: a link to one version (the latest unless named). */
export const CreateShareSchema = z
  .object({
    versionId: bodyIdField('versionId is the id of one of this blend’s versions').optional(),
    includeNotes: z.boolean().default(false),
    showName: z.boolean().default(false),
  })
  .strict()
export type CreateShare = z.infer<typeof CreateShareSchema>

/** A link as its owner sees it: the token (which is the link), never the blend's id. */
export const ShareLinkSchema = z.object({
  token: z.string(),
  path: z.string(),
  reference: z.string(),
  versionLetter: z.string(),
  includeNotes: z.boolean(),
  showName: z.boolean(),
  createdAt: z.string(),
})
export type ShareLink = z.infer<typeof ShareLinkSchema>

export const ShareLinkListSchema = z.object({ items: z.array(ShareLinkSchema) })
export type ShareLinkList = z.infer<typeof ShareLinkListSchema>

export const SharedOilSchema = z.object({ name: z.string(), latinName: z.string().nullable(), percentage: z.number() })
export type SharedOil = z.infer<typeof SharedOilSchema>

/** GET /api/shared/{token}: what a reader sees, and nothing else of the owner. */
export const SharedBlendSchema = z.object({
  name: z.string(),
  reference: z.string(),
  /** The flattened recipe: an accord's oils are in the layer the accord sits in (decision 072). */
  layers: z.object({ top: z.array(SharedOilSchema), middle: z.array(SharedOilSchema), base: z.array(SharedOilSchema) }),
  /** The accords the recipe holds, by name and reference only (never the accord blend's notes); [] for most. */
  accords: z.array(
    z.object({ layer: z.enum(['top', 'middle', 'base']), name: z.string(), referenceNumber: z.string(), percentage: z.number() }),
  ),
  effects: z.array(EffectSchema),
  scentProfile: z.string().nullable(),
  /** The blend notes, only when the owner chose to include them. */
  notes: z.string().nullable(),
  /** The owner's display name, only when they ticked "show my name". */
  sharedBy: z.string().nullable(),
})
export type SharedBlend = z.infer<typeof SharedBlendSchema>

/** POST /api/shared/{token}/copy: the new blend in the reader's own journal. */
export const CopiedBlendSchema = z.object({ id: z.number().int(), name: z.string(), reference: z.string() })
export type CopiedBlend = z.infer<typeof CopiedBlendSchema>
