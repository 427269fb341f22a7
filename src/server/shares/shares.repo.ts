import { randomBytes } from 'node:crypto'
import type { VersionOil } from '#shared/api/blends.ts'
import type { CreateShare, ShareLink } from '#shared/api/shares.ts'
import { sharePath } from '#shared/api/shares.ts'
import type { BlendVersionRow, Database, ShareLinksTable } from '#server/db/schema.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { layersOf } from '#server/blends/blend-rows.ts'
import { RESTORE_WINDOW_MS } from '#server/blends/deleted-blends.repo.ts'
import type { Selectable } from 'kysely'
import type { Executor } from '#server/db/executor.ts'
import { AppError, notFound } from '#server/http/errors.ts'

/**
 * Share links (docs/product.md "Sharing"). The owner's functions are scoped by the signed-in
 * user's id; the reader's (findShared) by the token alone. Takes its executor first, like every
 * repository (db/counters.ts).
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

export type CreateShareResult = { link: ShareLink } | { error: 'not-found' | 'version-not-found' | 'too-many' }

/** A new link to one version of the user's blend: the one named, or the latest. */
export async function createShare(ex: Executor, userId: string, projectId: number, input: CreateShare): Promise<CreateShareResult> {
  if (!(await ownsProject(ex, userId, projectId))) return { error: 'not-found' }
  let versions = ex.selectFrom('blend_versions').select(['id']).where('project_id', '=', projectId).where('user_id', '=', userId)
  versions = input.versionId === undefined ? versions.orderBy('id', 'desc').limit(1) : versions.where('id', '=', input.versionId)
  const version = await versions.executeTakeFirst()
  if (!version) return { error: 'version-not-found' }
  // The quota is read before the write: parallel creates (and restores) of one blend's links take turns.
  await serialiseOn(ex, 'share-links', userId, projectId)
  if ((await liveLinkCount(ex, userId, projectId)) >= MAX_LINKS_PER_BLEND) return { error: 'too-many' }
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

/**
 * createShare with its refusals as the error shape: POST /api/blends/{id}/shares and the MCP
 * share_blend tool answer the same 404s and 409 for the same cases.
 */
export async function shareBlend(ex: Executor, userId: string, projectId: number, input: CreateShare): Promise<ShareLink> {
  const result = await createShare(ex, userId, projectId, input)
  if ('link' in result) return result.link
  if (result.error === 'not-found') throw notFound('Blend')
  if (result.error === 'version-not-found') {
    const message = 'That version is not one of this blend’s'
    throw new AppError(404, 'NOT_FOUND', message, [{ path: 'body.versionId', message }])
  }
  throw new AppError(409, 'TOO_MANY_LINKS', `A blend can have ${MAX_LINKS_PER_BLEND} links at once: revoke one to make another`)
}

/** How long after a revoke the link can be restored: the window of every Undo (decision 030), of which the dialog offers a few seconds. */
export const SHARE_RESTORE_WINDOW_MS = RESTORE_WINDOW_MS

/** Forgets every user's revoked links whose window has passed (an index range on revoked_at). */
async function sweepRevoked(ex: Executor, now: number): Promise<void> {
  await ex
    .deleteFrom('revoked_share_links')
    .where('revoked_at', '<', new Date(now - SHARE_RESTORE_WINDOW_MS).toISOString())
    .execute()
}

/**
 * Deletes one of the user's links, so it stops working at once, and keeps its row for an Undo;
 * false when the token is not a link of theirs. Run it in a transaction.
 */
export async function revokeShare(ex: Executor, userId: string, token: string, now = Date.now()): Promise<boolean> {
  // Deleting first, returning the row: of two revokes of one link, the second finds nothing to delete.
  const link = await ex.deleteFrom('share_links').where('token', '=', token).where('user_id', '=', userId).returningAll().executeTakeFirst()
  if (!link) return false
  await sweepRevoked(ex, now)
  await ex
    .insertInto('revoked_share_links')
    .values({ user_id: userId, token, link: JSON.stringify(link), revoked_at: new Date(now).toISOString() })
    .execute()
  return true
}

export type RestoreShareResult = 'restored' | 'not-found' | 'too-many'

/**
 * 'Undo' after a revoke: the link back with its token, within SHARE_RESTORE_WINDOW_MS. A link that
 * is live already answers 'restored' (a repeat); one past the window, of a blend or version deleted
 * since, or another user's, is 'not-found'; a blend that has made its quota of links since is
 * 'too-many'. Run it in a transaction.
 */
export async function restoreShare(ex: Executor, userId: string, token: string, now = Date.now()): Promise<RestoreShareResult> {
  await sweepRevoked(ex, now)
  const keptLink = async () => {
    const kept = await ex
      .selectFrom('revoked_share_links')
      .select('link')
      .where('token', '=', token)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return kept ? (JSON.parse(kept.link) as Selectable<Database['share_links']>) : null
  }
  const seen = await keptLink()
  // Restores of one blend's links take turns (its quota), and the second of two restores of one
  // link finds it live: read the kept row again once it is this transaction's turn.
  if (seen) await serialiseOn(ex, 'share-links', userId, seen.project_id)
  const link = seen && (await keptLink())
  if (!link) {
    const live = await ex.selectFrom('share_links').select('id').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst()
    return live ? 'restored' : 'not-found'
  }
  const version = await ex
    .selectFrom('blend_versions')
    .select('id')
    .where('id', '=', link.version_id)
    .where('project_id', '=', link.project_id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!version) {
    await ex.deleteFrom('revoked_share_links').where('token', '=', token).execute()
    return 'not-found'
  }
  if ((await liveLinkCount(ex, userId, link.project_id)) >= MAX_LINKS_PER_BLEND) return 'too-many'
  await ex.deleteFrom('revoked_share_links').where('token', '=', token).execute()
  await ex.insertInto('share_links').values(link).execute()
  return 'restored'
}

async function liveLinkCount(ex: Executor, userId: string, projectId: number): Promise<number> {
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
  const { topOils, middleOils, baseOils } = layersOf(row)
  return {
    name: row.name,
    version: {
      reference_number: row.reference_number,
      formulation_notes: row.formulation_notes,
      top: topOils,
      middle: middleOils,
      base: baseOils,
    },
    includeNotes: row.include_notes === 1,
    sharedBy: row.show_name === 1 && row.owner_name.trim() ? row.owner_name.trim() : null,
  }
}
