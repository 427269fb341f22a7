import { randomBytes } from 'node:crypto'
import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateShare, ShareLink } from '#shared/api/shares.ts'
import { sharePath } from '#shared/api/shares.ts'
import type { BlendVersionRow, ShareLinksTable } from '#server/db/schema.ts'
import type { Selectable } from 'kysely'
import type { Executor } from '#server/blends/counters.repo.ts'

/**
 * Share links (docs/product.md "Sharing"). The owner's functions are scoped by the signed-in
 * user's id; the reader's (findShared) by the token alone. Takes its executor first, like every
 * repository (counters.repo.ts).
 */

/** Links one blend may have at once, so the owner's list stays one bounded answer. */
export const MAX_LINKS_PER_BLEND = 50

/** 24 random bytes: 192 bits, 32 base64url characters (SHARE_TOKEN_PATTERN). */
export const newShareToken = () => randomBytes(24).toString('base64url')

type LinkRow = Selectable<ShareLinksTable> & { reference_number: string; version_letter: string }

const toLink = (row: LinkRow): ShareLink => ({
  token: row.token,
  path: sharePath(row.token),
  reference: row.reference_number,
  versionLetter: row.version_letter,
  includeNotes: row.include_notes === 1,
  showName: row.show_name === 1,
  createdAt: row.created_at,
})

const linksOf = (ex: Executor) =>
  ex
    .selectFrom('share_links')
    .innerJoin('blend_versions', 'blend_versions.id', 'share_links.version_id')
    .selectAll('share_links')
    .select(['blend_versions.reference_number', 'blend_versions.version_letter'])

/** Whether the project is the user's (its links are then theirs to list and make). */
async function ownsProject(ex: Executor, userId: string, projectId: number): Promise<boolean> {
  const row = await ex.selectFrom('blend_projects').select('id').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst()
  return !!row
}

/** The project's links, newest first; null when the project is not the user's. */
export async function listShares(ex: Executor, userId: string, projectId: number): Promise<ShareLink[] | null> {
  if (!(await ownsProject(ex, userId, projectId))) return null
  const rows = await linksOf(ex)
    .where('share_links.user_id', '=', userId)
    .where('share_links.project_id', '=', projectId)
    .orderBy('share_links.id', 'desc')
    .limit(MAX_LINKS_PER_BLEND)
    .execute()
  return rows.map(toLink)
}

export type CreateShareResult = { link: ShareLink } | { error: 'not-found' | 'version-not-found' | 'too-many' }

/** A new link to one version of the user's blend: the one named, or the latest. */
export async function createShare(ex: Executor, userId: string, projectId: number, input: CreateShare): Promise<CreateShareResult> {
  if (!(await ownsProject(ex, userId, projectId))) return { error: 'not-found' }
  let versions = ex
    .selectFrom('blend_versions')
    .select(['id'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
  versions = input.versionId === undefined ? versions.orderBy('id', 'desc').limit(1) : versions.where('id', '=', input.versionId)
  const version = await versions.executeTakeFirst()
  if (!version) return { error: 'version-not-found' }
  const { count } = await ex
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow()
  if (Number(count) >= MAX_LINKS_PER_BLEND) return { error: 'too-many' }
  const { id } = await ex
    .insertInto('share_links')
    .values({
      token: newShareToken(),
      user_id: userId,
      project_id: projectId,
      version_id: version.id,
      include_notes: input.includeNotes ? 1 : 0,
      show_name: input.showName ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const row = await linksOf(ex).where('share_links.id', '=', id).executeTakeFirstOrThrow()
  return { link: toLink(row) }
}

/** Deletes one of the user's links; false when the token is not a link of theirs. */
export async function revokeShare(ex: Executor, userId: string, token: string): Promise<boolean> {
  const res = await ex.deleteFrom('share_links').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

export type SharedRecipe = {
  name: string
  version: Pick<BlendVersionRow, 'reference_number' | 'formulation_notes'> & { top: VersionOil[]; middle: VersionOil[]; base: VersionOil[] }
  includeNotes: boolean
  /** The owner's display name when they chose to show it, else null. */
  sharedBy: string | null
}

/** What a link shows, found by its token alone; null when there is no such link (or it was revoked). */
export async function findShared(ex: Executor, token: string): Promise<SharedRecipe | null> {
  const row = await ex
    .selectFrom('share_links')
    .innerJoin('blend_versions', 'blend_versions.id', 'share_links.version_id')
    .innerJoin('blend_projects', 'blend_projects.id', 'share_links.project_id')
    .innerJoin('user', 'user.id', 'share_links.user_id')
    .select([
      'share_links.include_notes',
      'share_links.show_name',
      'blend_projects.name',
      'blend_versions.reference_number',
      'blend_versions.formulation_notes',
      'blend_versions.top_oils',
      'blend_versions.middle_oils',
      'blend_versions.base_oils',
      'user.name as owner_name',
    ])
    .where('share_links.token', '=', token)
    .executeTakeFirst()
  if (!row) return null
  const parse = (json: string) => JSON.parse(json) as VersionOil[]
  return {
    name: row.name,
    version: {
      reference_number: row.reference_number,
      formulation_notes: row.formulation_notes,
      top: parse(row.top_oils),
      middle: parse(row.middle_oils),
      base: parse(row.base_oils),
    },
    includeNotes: row.include_notes === 1,
    sharedBy: row.show_name === 1 && row.owner_name.trim() ? row.owner_name.trim() : null,
  }
}
