import type { CopiedBlend, CreateShare, ShareLink } from '#shared/api/shares.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Executor } from '#server/db/executor.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { done, refuse, type Outcome } from '#server/shared/outcome.ts'
import { copyBlend } from '#server/blends/blends.commands.ts'
import {
  MAX_LINKS_PER_BLEND,
  deleteShare,
  findShared,
  forgetKept,
  insertShare,
  isLiveShare,
  keepRevoked,
  keptShare,
  liveLinkCount,
  ownsProject,
  reinsertShare,
  shareableVersion,
  sweepRevoked,
  versionStillThere,
} from '#server/shares/shares.repo.ts'
import { toSharedBlend } from '#server/shares/shared-blend.ts'

/**
 * The one writer of share links (docs/product.md "Sharing"): every rule of a link's write is here,
 * for the API's routes and the assistant's share_blend alike, and each answers an Outcome. Run
 * each in a transaction (the route's, or the tool's once).
 */

/** A link that is not there (never made, or revoked) says only that: nothing of whose it was. */
export const NO_SUCH_LINK = 'This share link does not exist or was revoked by its owner'

const tooMany = (then: string) => refuse('TOO_MANY_LINKS', `A blend can have ${MAX_LINKS_PER_BLEND} links at once: revoke one to ${then}`)

/** A new link to one version of the user's blend: the one named, or the latest. */
export async function shareBlend(ex: Executor, userId: string, projectId: number, input: CreateShare): Promise<Outcome<ShareLink>> {
  if (!(await ownsProject(ex, userId, projectId))) return refuse('NOT_FOUND', 'Blend not found')
  const versionId = await shareableVersion(ex, userId, projectId, input.versionId)
  if (versionId === undefined) {
    const message = 'That version is not one of this blend’s'
    return refuse('NOT_FOUND', message, [{ path: 'body.versionId', message }])
  }
  // The quota is read before the write: parallel creates (and restores) of one blend's links take turns.
  await serialiseOn(ex, 'share-links', userId, projectId)
  if ((await liveLinkCount(ex, userId, projectId)) >= MAX_LINKS_PER_BLEND) return tooMany('make another')
  return done(await insertShare(ex, userId, projectId, versionId, input))
}

/**
 * Deletes one of the user's links, so it stops working at once, and keeps its row for an Undo;
 * NOT_FOUND when the token is not a link of theirs.
 */
export async function revokeShare(ex: Executor, userId: string, token: string, now = Date.now()): Promise<Outcome<void>> {
  // Deleting first, returning the row: of two revokes of one link, the second finds nothing to delete.
  const link = await deleteShare(ex, userId, token)
  if (!link) return refuse('NOT_FOUND', NO_SUCH_LINK)
  await sweepRevoked(ex, now)
  await keepRevoked(ex, userId, link, now)
  return done(undefined)
}

/**
 * 'Undo' after a revoke: the link back with its token, within SHARE_RESTORE_WINDOW_MS. A link that
 * is live already is done (a repeat); one past the window, of a blend or version deleted since, or
 * another user's, is NOT_FOUND; a blend that has made its quota of links since is TOO_MANY_LINKS.
 */
export async function restoreShare(ex: Executor, userId: string, token: string, now = Date.now()): Promise<Outcome<void>> {
  const notFound = refuse('NOT_FOUND', 'Share link not found: a revoked link can be restored for 10 minutes')
  await sweepRevoked(ex, now)
  const seen = await keptShare(ex, userId, token)
  // Restores of one blend's links take turns (its quota), and the second of two restores of one
  // link finds it live: read the kept row again once it is this transaction's turn.
  if (seen) await serialiseOn(ex, 'share-links', userId, seen.project_id)
  const link = seen && (await keptShare(ex, userId, token))
  if (!link) return (await isLiveShare(ex, userId, token)) ? done(undefined) : notFound
  if (!(await versionStillThere(ex, userId, link.project_id, link.version_id))) {
    await forgetKept(ex, token)
    return notFound
  }
  if ((await liveLinkCount(ex, userId, link.project_id)) >= MAX_LINKS_PER_BLEND) return tooMany('restore this one')
  await forgetKept(ex, token)
  await reinsertShare(ex, link)
  return done(undefined)
}

/**
 * A signed-in reader's copy of a shared recipe: a new blend of theirs, marked as copied, whose
 * first version is the recipe with the effects the reader saw.
 */
export async function copySharedBlend(
  ex: Executor,
  userId: string,
  token: string,
  oils: Map<number, EssentialOil>,
): Promise<Outcome<CopiedBlend>> {
  const recipe = await findShared(ex, token)
  if (!recipe) return refuse('NOT_FOUND', NO_SUCH_LINK)
  // An ingredient of the sharer's own is private to them (decision 068): the reader has no such oil.
  const private_ = [...recipe.version.top, ...recipe.version.middle, ...recipe.version.base].filter((o) => !oils.has(o.id))
  if (private_.length > 0) {
    const names = [...new Set(private_.map((o) => o.name))].join(', ')
    return refuse(
      'VALIDATION_ERROR',
      `This blend uses ${names}, an ingredient of its maker's own that is not in your catalog, so it cannot be copied. Add it as your own ingredient and make the blend by hand.`,
    )
  }
  const shared = toSharedBlend(recipe, oils)
  const copied = await copyBlend(
    ex,
    userId,
    {
      name: recipe.name,
      version: {
        topOils: recipe.version.top,
        middleOils: recipe.version.middle,
        baseOils: recipe.version.base,
        effects: shared.effects,
        formulationNotes: shared.notes,
      },
    },
    oils,
  )
  if (!copied.ok) return copied
  const { project, version } = copied.value
  return done({ id: project.id, name: project.name, reference: version.referenceNumber })
}
