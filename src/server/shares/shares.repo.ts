import type { SharedBlend } from '#shared/api/shares.ts'
import { randomBytes } from 'node:crypto'
import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateShare, ShareLink } from '#shared/api/shares.ts'
import { sharePath } from '#shared/api/shares.ts'
import type { BlendVersionRow, Database, ShareLinksTable } from '#server/db/schema.ts'
import { layersOf } from '#server/blends/blend-rows.ts'
import { RESTORE_WINDOW_MS } from '#server/shared/restore-window.ts'
import type { Selectable } from 'kysely'
import type { Executor } from '#server/db/executor.ts'

/**
 * Share links' rows (docs/product.md "Sharing"): data access only. The owner's functions are scoped
 * by the signed-in user's id; the reader's (findShared) by the token alone. The rules of a write
 * (the quota, what may be restored) are shares.commands.ts's, the only writer of these tables.
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
export async function ownsProject(ex: Executor, userId: string, projectId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('blend_projects')
    .select('id')
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
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

/** The version a new link names: the one asked for, or the project's latest; undefined when there is none of the user's. */
export async function shareableVersion(ex: Executor, userId: string, projectId: number, versionId?: number): Promise<number | undefined> {
  let versions = ex.selectFrom('blend_versions').select(['id']).where('project_id', '=', projectId).where('user_id', '=', userId)
  versions = versionId === undefined ? versions.orderBy('id', 'desc').limit(1) : versions.where('id', '=', versionId)
  return (await versions.executeTakeFirst())?.id
}

/** Writes a new link to a version and answers it. */
export async function insertShare(
  ex: Executor,
  userId: string,
  projectId: number,
  versionId: number,
  input: Pick<CreateShare, 'includeNotes' | 'showName'>,
): Promise<ShareLink> {
  const { id } = await ex
    .insertInto('share_links')
    .values({
      token: newShareToken(),
      user_id: userId,
      project_id: projectId,
      version_id: versionId,
      include_notes: input.includeNotes ? 1 : 0,
      show_name: input.showName ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return toLink(await linksOf(ex).where('share_links.id', '=', id).executeTakeFirstOrThrow())
}

/** How long after a revoke the link can be restored: the window of every Undo (decision 030), of which the dialog offers a few seconds. */
export const SHARE_RESTORE_WINDOW_MS = RESTORE_WINDOW_MS

/** Forgets every user's revoked links whose window has passed (an index range on revoked_at). */
export async function sweepRevoked(ex: Executor, now: number): Promise<void> {
  await ex
    .deleteFrom('revoked_share_links')
    .where('revoked_at', '<', new Date(now - SHARE_RESTORE_WINDOW_MS).toISOString())
    .execute()
}

export type ShareLinkRow = Selectable<Database['share_links']>

/** Deletes one of the user's links and answers its row; undefined when the token is not a live link of theirs. */
export async function deleteShare(ex: Executor, userId: string, token: string): Promise<ShareLinkRow | undefined> {
  return ex.deleteFrom('share_links').where('token', '=', token).where('user_id', '=', userId).returningAll().executeTakeFirst()
}

/** Keeps a revoked link's row for an Undo. */
export async function keepRevoked(ex: Executor, userId: string, link: ShareLinkRow, now: number): Promise<void> {
  await ex
    .insertInto('revoked_share_links')
    .values({ user_id: userId, token: link.token, link: JSON.stringify(link), revoked_at: new Date(now).toISOString() })
    .execute()
}

/** The kept row of one of the user's revoked links, or null. */
export async function keptShare(ex: Executor, userId: string, token: string): Promise<ShareLinkRow | null> {
  const kept = await ex
    .selectFrom('revoked_share_links')
    .select('link')
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return kept ? (JSON.parse(kept.link) as ShareLinkRow) : null
}

export async function forgetKept(ex: Executor, token: string): Promise<void> {
  await ex.deleteFrom('revoked_share_links').where('token', '=', token).execute()
}

/** Puts a kept link back, token and all. */
export async function reinsertShare(ex: Executor, link: ShareLinkRow): Promise<void> {
  await ex.insertInto('share_links').values(link).execute()
}

/** Whether the token is a live link of the user's. */
export async function isLiveShare(ex: Executor, userId: string, token: string): Promise<boolean> {
  const live = await ex.selectFrom('share_links').select('id').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst()
  return !!live
}

/** Whether the version is still the user's, in the project. */
export async function versionStillThere(ex: Executor, userId: string, projectId: number, versionId: number): Promise<boolean> {
  const version = await ex
    .selectFrom('blend_versions')
    .select('id')
    .where('id', '=', versionId)
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!version
}

export async function liveLinkCount(ex: Executor, userId: string, projectId: number): Promise<number> {
  const { count } = await ex
    .selectFrom('share_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow()
  return Number(count)
}

export type SharedRecipe = {
  name: string
  /** The flattened layers (a copy takes these) and the accords by name and reference (decision 072). */
  version: Pick<BlendVersionRow, 'reference_number' | 'formulation_notes'> & {
    top: VersionOil[]
    middle: VersionOil[]
    base: VersionOil[]
    accords: SharedBlend['accords']
  }
  includeNotes: boolean
  /** The owner's display name when they chose to show it, else null. */
  sharedBy: string | null
  /** The owner, whose own ingredients the recipe may name (decision 068); never shown. */
  ownerId: string
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
      'share_links.user_id as owner_id',
    ])
    .where('share_links.token', '=', token)
    .executeTakeFirst()
  if (!row) return null
  const { topOils, middleOils, baseOils, accords } = layersOf(row)
  return {
    name: row.name,
    version: {
      reference_number: row.reference_number,
      formulation_notes: row.formulation_notes,
      top: topOils,
      middle: middleOils,
      base: baseOils,
      accords: accords.map((a) => ({ layer: a.layer, name: a.name, referenceNumber: a.referenceNumber, percentage: a.percentage })),
    },
    includeNotes: row.include_notes === 1,
    sharedBy: row.show_name === 1 && row.owner_name.trim() ? row.owner_name.trim() : null,
    ownerId: row.owner_id,
  }
}
