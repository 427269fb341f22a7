import { hydrate, type Query, type QueryClient, type QueryState } from '@tanstack/react-query'
import { getIdToken } from '#client/lib/auth-client.ts'
import type { SavedQuery } from '#client/lib/offline/device-db.ts'
import type { FromDevice, ScreenRead, ToDevice } from '#client/lib/offline/device-protocol.ts'
import type { IncomingQuery } from '#client/lib/offline/device-store.ts'
import { inSlices } from '#client/lib/offline/yield.ts'
import { currentUser } from '#client/lib/session.ts'

export { SAVED_QUERIES_MAX_AGE_MS } from '#client/lib/offline/device-store.ts'

declare const __ACCORD_DATA_SHAPE__: string | undefined
/**
 * The API contract this build was made with (vite.config.ts hashes src/shared/api): data saved by
 * a build with another contract is dropped, never shown in the wrong shape.
 */
export const QUERIES_BUSTER: string = typeof __ACCORD_DATA_SHAPE__ === 'undefined' ? 'dev' : __ACCORD_DATA_SHAPE__

/** The page's side of the device worker (decision 065). */
export type DeviceLink = {
  /** Puts what the device holds back into the cache, in slices; resolves with how many queries. */
  restore(): Promise<number>
  /** The fill runs (online again), with these reads of the other screens to keep. */
  fill(screens?: ScreenRead[]): void
  /** Posts a message to the worker: false when it was not sent (stopped, signed out, the worker broken). */
  post(message: ToDevice): boolean
  /** Hears the worker's messages the link does not answer itself (the queue's, sync.ts), and its failure to run. */
  listen(listener: (message: FromDevice) => void, onBroken: () => void): void
  /** Stops at once: the worker ends, mid-write or not (sign-out). */
  stop(): void
}

/** How a worker is made: the browser's module worker; the unit tests pass their own. */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((event: MessageEvent<FromDevice>) => void) | null
  /** The worker could not run (its script failed to load or threw at the top). */
  onerror?: ((event: Event) => void) | null
}
const startWorker = (): WorkerLike =>
  new Worker(new URL('./device.worker.ts', import.meta.url), { type: 'module', name: 'accord-device' }) as WorkerLike

/** The query as the device keeps it: only what a read fetched (a success), never what a restore put back. */
const toIncoming = (query: Query): IncomingQuery => ({
  hash: query.queryHash,
  queryKey: query.queryKey,
  data: query.state.data,
  dataUpdatedAt: query.state.dataUpdatedAt,
})

/**
 * Keeps the signed-in user's reads on the device (decisions 029, 039, 065). The page's thread
 * only hands each fetched answer to the device worker (a structured clone, as the answer arrives);
 * the worker writes it, keeps the bound and fills what the journal listed. Offline, `restore`
 * puts the device's copy back into the cache, marked stale, so back online what a screen shows is
 * fetched again.
 */
export function connectDevice(queryClient: QueryClient, userId: string, makeWorker: () => WorkerLike = startWorker): DeviceLink {
  const worker = makeWorker()
  let stopped = false
  let broken = false
  let listener: (message: FromDevice) => void = () => {}
  let onBroken = () => {}
  const post = (message: ToDevice): boolean => {
    // Signed out meanwhile: nothing more of this user reaches the device.
    if (stopped || broken || currentUser()?.id !== userId) return false
    worker.postMessage(message)
    return true
  }
  let restoreId = 0
  const restoring = new Map<number, (queries: SavedQuery[]) => void>()

  worker.onmessage = (event) => {
    const message = event.data
    if (message.type === 'need-token') {
      getIdToken({ forceRefresh: message.forceRefresh }).then(
        (token) => post({ type: 'token', token }),
        () => post({ type: 'token', token: null }),
      )
    } else if (message.type === 'restored') {
      restoring.get(message.id)?.(message.queries)
      restoring.delete(message.id)
    } else {
      listener(message)
    }
  }
  worker.onerror = () => {
    broken = true
    for (const resolve of restoring.values()) resolve([])
    restoring.clear()
    onBroken()
  }

  // Answers are handed over once per task, however many arrived in it (a page of results is one message).
  let outgoing: IncomingQuery[] = []
  const flush = () => {
    const queries = outgoing
    outgoing = []
    if (queries.length > 0) post({ type: 'put', queries })
  }
  const queuePut = (query: Query) => {
    if (query.state.data === undefined) return
    if (outgoing.length === 0) setTimeout(flush, 0)
    outgoing.push(toIncoming(query))
  }
  const onScreen = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.getObserversCount() > 0)
      .map((q) => q.queryHash)

  post({ type: 'start', userId, buster: QUERIES_BUSTER })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') {
      if (event.action.type === 'success') queuePut(event.query)
      if (event.action.type === 'invalidate') post({ type: 'changed' })
    } else if (event.type === 'observerAdded') {
      // A blend opened again is recent again, though its data was fetched long ago.
      post({ type: 'opened', hash: event.query.queryHash, at: Date.now(), onScreen: onScreen() })
    } else if (event.type === 'removed') {
      post({ type: 'remove', hashes: [event.query.queryHash] })
    }
  })
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'added') post({ type: 'changed' })
  })
  // What loaded before this started is kept too.
  for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'success') queuePut(query)

  return {
    restore() {
      if (stopped) return Promise.resolve(0)
      const id = ++restoreId
      return new Promise<SavedQuery[]>((resolve) => {
        restoring.set(id, resolve)
        if (!post({ type: 'restore', id })) {
          restoring.delete(id)
          resolve([])
        }
      }).then(async (saved) => {
        const queries = saved.map((q) => ({
          queryKey: q.queryKey,
          queryHash: q.hash,
          state: restoredState(q),
          dehydratedAt: q.dataUpdatedAt,
        }))
        // Slices of the page's thread, each under 10 ms: a tap meanwhile is answered between them.
        await inSlices(queries, (query) => hydrate(queryClient, { mutations: [], queries: [query] }))
        return queries.length
      })
    },
    fill(screens) {
      post({ type: 'fill', screens })
    },
    post,
    listen(next, broke) {
      listener = next
      onBroken = broke
      if (broken) broke()
    },
    stop() {
      if (stopped) return
      stopped = true
      unsubscribe()
      unsubscribeMutations()
      worker.terminate()
      for (const resolve of restoring.values()) resolve([])
      restoring.clear()
    },
  }
}

/** A saved query's state as React Query holds it: fetched at `dataUpdatedAt`, and stale (fetched again when shown online). */
function restoredState(saved: SavedQuery): QueryState {
  return {
    data: saved.data,
    dataUpdateCount: 1,
    dataUpdatedAt: saved.dataUpdatedAt,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: true,
    status: 'success',
    fetchStatus: 'idle',
  }
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
