import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { boundQueryCache } from '#client/lib/offline/cache-bound.ts'
import { deviceDb } from '#client/lib/offline/device-db.ts'
import { currentUser } from '#client/lib/session.ts'

/** Saved data older than this is not shown offline: it would mislead more than help. */
export const SAVED_QUERIES_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Saves wait for a quiet moment: a page of results is one write, not one per query event. */
const SAVE_DELAY_MS = 800

declare const __ACCORD_DATA_SHAPE__: string | undefined

/**
 * The API contract this build was made with (vite.config.ts hashes src/shared/api): data saved by
 * a build with another contract is dropped, never shown in the wrong shape.
 */
export const QUERIES_BUSTER: string = typeof __ACCORD_DATA_SHAPE__ === 'undefined' ? 'dev' : __ACCORD_DATA_SHAPE__

/** When each query was last shown on a screen (by hash): the bound's "most recently opened". */
const openedAt = new Map<string, number>()

/**
 * Keeps the signed-in user's query cache (the pages, blends and catalog they have seen) in
 * IndexedDB under their id, so the journal, the calculator and the glossary can be read offline.
 * Returns the function that stops saving.
 */
export function saveQueriesOnChange(queryClient: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let bounding = false
  const save = async () => {
    timer = null
    // Signed out meanwhile: the cache is being emptied and the device's data deleted.
    if (currentUser()?.id !== userId) return
    // The cache keeps to the bound (decision 039) before it is written: removing is not a change to save again.
    bounding = true
    try {
      boundQueryCache(queryClient, openedAt)
    } finally {
      bounding = false
    }
    const live = new Set(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryHash),
    )
    for (const hash of openedAt.keys()) if (!live.has(hash)) openedAt.delete(hash)
    const state = dehydrate(queryClient)
    const db = await deviceDb()
    await db.put('queries', { userId, buster: QUERIES_BUSTER, savedAt: Date.now(), state, openedAt: Object.fromEntries(openedAt) })
  }
  const schedule = () => {
    if (timer === null)
      timer = setTimeout(() => void save().catch((err: unknown) => console.warn('Saving data for offline use failed', err)), SAVE_DELAY_MS)
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    // A blend opened again is recent again, though its data was fetched long ago.
    if (event.type === 'observerAdded') {
      openedAt.set(event.query.queryHash, Date.now())
      schedule()
    }
    if (bounding) return
    if (event.type === 'updated' || event.type === 'removed') schedule()
  })
  // What loaded before this started is saved too (online, it is in the cache already).
  if (navigator.onLine) schedule()
  return () => {
    unsubscribe()
    if (timer !== null) clearTimeout(timer)
  }
}

/**
 * Puts the user's saved data into the cache. Data already in the cache and newer is kept (hydrate
 * never replaces newer data). Returns whether anything was restored.
 */
export async function restoreSavedQueries(queryClient: QueryClient, userId: string, now = Date.now()): Promise<boolean> {
  const db = await deviceDb()
  const saved = await db.get('queries', userId)
  if (!saved || saved.buster !== QUERIES_BUSTER || now - saved.savedAt > SAVED_QUERIES_MAX_AGE_MS) return false
  hydrate(queryClient, saved.state)
  for (const [hash, at] of Object.entries(saved.openedAt ?? {})) if (at > (openedAt.get(hash) ?? 0)) openedAt.set(hash, at)
  return true
}

/**
 * When the copy of the user's data the cache holds was fetched from the server: the newest
 * fetch among their blends, lists and Home's summary (what the offline banner's "last updated"
 * says), or null when the cache holds none.
 */
export function lastFetchedAt(queryClient: QueryClient): number | null {
  let newest = 0
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['/api/blends'] })) {
    if (query.state.status === 'success') newest = Math.max(newest, query.state.dataUpdatedAt)
  }
  return newest > 0 ? newest : null
}
