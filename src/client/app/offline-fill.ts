import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { BLEND_DETAILS_MAX, type BlendListPage } from '#shared/api/blend-list.ts'
import { getJson } from '#client/lib/api-client.ts'
import { batchesKey } from '#client/lib/batches.ts'
import { BLEND_LISTS_KEY, blendDetailKey, blendListKey, fetchBlendPage } from '#client/lib/blend-queries.ts'
import { OFFLINE_BLENDS_MAX } from '#client/lib/offline/cache-bound.ts'
import { SETTINGS_QUERY_KEY, SHELF_OILS_KEY } from '#client/lib/shelf-queries.ts'
import { PICKER_PAGE_SIZE } from '#client/features/calculator/components/blend-combobox.tsx'
import { BOTTLES_KEY, fetchBottlePage } from '#client/features/shelf/api/bottles.ts'

/**
 * Fills the device's copy while online and idle (decision 039), so every blend the journal
 * listed can be read offline, its batches too (decision 055: the add-test form's batch choice),
 * and the calculator and the shelf open too, in whatever order the screens were visited. The cost
 * follows what was listed: one GET /api/blends/details per BLEND_DETAILS_MAX listed blends whose
 * details or first page of batches are missing, one request at a time, each when
 * the browser is idle, and never more than OFFLINE_BLENDS_MAX blends (the cache's bound); plus,
 * once, the calculator's first page of blends and the shelf's first page, totals and currency.
 */

/** How long after a list loads the fill waits, so a user paging or searching is not competed with. */
const SETTLE_MS = 1500

/** The ids of the blends listed in the cache, the most recently loaded list first, each once. */
export function listedBlendIds(queryClient: QueryClient): number[] {
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: BLEND_LISTS_KEY })
    .filter((q) => q.state.status === 'success')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
  const ids = new Set<number>()
  for (const list of lists) {
    for (const page of (list.state.data as InfiniteData<BlendListPage> | undefined)?.pages ?? [])
      for (const item of page.items) ids.add(item.id)
  }
  return [...ids]
}

/** The listed blends whose details or batches the device lacks, within the bound, at most one request's worth. */
export function nextToFill(queryClient: QueryClient, tried: ReadonlySet<number>): number[] {
  const listed = listedBlendIds(queryClient).slice(0, OFFLINE_BLENDS_MAX)
  const lacks = (id: number) =>
    queryClient.getQueryData(blendDetailKey(id)) === undefined || queryClient.getQueryData(batchesKey(id)) === undefined
  return listed.filter((id) => !tried.has(id) && lacks(id)).slice(0, BLEND_DETAILS_MAX)
}

/** Runs `run` when the browser is idle (or after a moment where it cannot say). */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 10_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 2000)
  return () => clearTimeout(id)
}

/** Starts filling; returns the stop function. */
export function startOfflineFill(queryClient: QueryClient): () => void {
  let stopped = false
  let busy = false
  let cancelIdle: (() => void) | null = null
  let settle: ReturnType<typeof setTimeout> | null = null
  // Blends asked for once this session.
  const tried = new Set<number>()
  let screensFilled = false

  // Bumped by every write (a mutation) and every invalidation: an answer asked for before one is
  // not written into the cache, where it could hide the change (the fill is asked again later).
  let generation = 0
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(() => {
    generation += 1
  })

  /**
   * Puts a filled answer in the cache for offline use, marked stale: online, a screen that opens it
   * shows it at once and fetches it again (another device may have changed it since), as it would
   * have fetched it without the fill; offline it is what the screen shows.
   */
  const putFilled = (key: readonly unknown[], data: unknown, updatedAt: number) => {
    queryClient.setQueryData(key, data, { updatedAt })
    queryClient.getQueryCache().find({ queryKey: key, exact: true })?.setState({ isInvalidated: true })
  }

  /** Fetches `key`'s data if the cache lacks it; false when a write came meanwhile and the answer was dropped. */
  const fillOne = async <T>(key: readonly unknown[], fetch: () => Promise<T>): Promise<boolean> => {
    if (queryClient.getQueryData(key) !== undefined) return true
    const started = generation
    const data = await fetch()
    if (generation !== started) return false
    if (queryClient.getQueryData(key) === undefined) putFilled(key, data, Date.now())
    return true
  }
  const firstPage =
    <T>(fetch: (cursor: string | null) => Promise<T>) =>
    async () => ({ pages: [await fetch(null)], pageParams: [null] })

  const fillScreens = async () => {
    const picker = { q: '', sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE } as const
    const filled = await Promise.all([
      fillOne(SHELF_OILS_KEY, () => getJson('/api/shelf/oils', 'ShelfOilList')),
      fillOne(SETTINGS_QUERY_KEY, () => getJson('/api/me/settings', 'UserSettings')),
      fillOne(BOTTLES_KEY, firstPage(fetchBottlePage)),
      fillOne(
        blendListKey(picker),
        firstPage((cursor) => fetchBlendPage(picker, cursor)),
      ),
    ])
    screensFilled = filled.every(Boolean)
  }

  /** One round: the screens' first reads once, then one request of listed blends; true when more may be left. */
  const fillOnce = async () => {
    if (!screensFilled) await fillScreens()
    const ids = nextToFill(queryClient, tried)
    if (ids.length === 0) return !screensFilled
    const started = generation
    const { items } = await getJson(`/api/blends/details?ids=${ids.join(',')}`, 'BlendDetails')
    if (generation !== started) return true
    // Asked for once: one the server left out (deleted, not theirs) is not asked for again.
    for (const id of ids) tried.add(id)
    const fetchedAt = Date.now()
    for (const { batches, ...detail } of items) {
      // A blend opened meanwhile has its own, as new: it stays; so does a batch list read meanwhile.
      if (queryClient.getQueryData(blendDetailKey(detail.id)) === undefined) putFilled(blendDetailKey(detail.id), detail, fetchedAt)
      // The journal's batch list (useBatchPages) as its first page: the rest load online (decision 055).
      const pages: InfiniteData<typeof batches, string | null> = { pages: [batches], pageParams: [null] }
      if (queryClient.getQueryData(batchesKey(detail.id)) === undefined) putFilled(batchesKey(detail.id), pages, fetchedAt)
    }
    return true
  }

  const schedule = () => {
    if (stopped || busy || cancelIdle || !navigator.onLine) return
    cancelIdle = whenIdle(() => {
      cancelIdle = null
      if (stopped || !navigator.onLine) return
      busy = true
      fillOnce()
        .then((more) => {
          busy = false
          if (more) schedule()
        })
        .catch((err: unknown) => {
          busy = false
          console.warn('Saving blends for offline use failed', err)
        })
    })
  }

  const soon = () => {
    if (settle !== null) clearTimeout(settle)
    settle = setTimeout(() => {
      settle = null
      schedule()
    }, SETTLE_MS)
  }

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return
    if (event.action.type === 'invalidate') generation += 1
    if (event.action.type === 'success' && event.query.queryKey[1] === 'list' && event.query.queryKey[0] === BLEND_LISTS_KEY[0]) soon()
  })
  window.addEventListener('online', soon)
  soon()
  return () => {
    stopped = true
    unsubscribe()
    unsubscribeMutations()
    window.removeEventListener('online', soon)
    cancelIdle?.()
    if (settle !== null) clearTimeout(settle)
  }
}
