/// <reference lib="webworker" />
import { hashKey } from '@tanstack/query-core'
import { send } from '#client/lib/http.ts'
import type { FromDevice, ScreenRead, ToDevice } from '#client/lib/offline/device-protocol.ts'
import { batchesKeyOf, detailKey, DeviceStore, type IncomingQuery } from '#client/lib/offline/device-store.ts'
import { lentToken } from '#client/lib/offline/lent-token.ts'
import { outboxRunner, type OutboxRunner } from '#client/lib/offline/outbox-runner.ts'

/**
 * The device worker (decision 065): everything the offline copy costs runs here, off the page's
 * thread. It writes what the page read into IndexedDB (device-store.ts), fills what the journal
 * listed through GET /api/blends/details, 20 blends a request, and hands the copy back to the
 * page offline. It keeps and sends the queue of writes made offline (outbox-runner.ts). The page
 * lends it a token (it holds the session); it asks again before the token expires (lent-token.ts),
 * or after a 401.
 */

declare const self: DedicatedWorkerGlobalScope

const post = (message: FromDevice) => self.postMessage(message)

let store: DeviceStore | null = null
let outbox: OutboxRunner | null = null
const token = lentToken((forceRefresh) => post({ type: 'need-token', forceRefresh }))
/** Bumped by every write or invalidation the page reports: an answer asked for before one is dropped. */
let generation = 0
/** When each blend was last asked for (ms). */
const asked = new Map<number, number>()
let screens: ScreenRead[] = []
const screensDone = new Set<string>()
let running = false
let again = false
/** Writes are done one message after another, so they reach IndexedDB in the order they were made. */
let queue: Promise<unknown> = Promise.resolve()
const inOrder = (task: () => Promise<unknown>) => {
  queue = queue.then(task).catch((err: unknown) => console.warn('Saving for offline use failed', err))
  return queue
}

const askToken = (forceRefresh: boolean) => token.get(forceRefresh)

/** GET `path` with the user's token: its JSON, or null when it could not be had (offline, refused). */
async function getJson(path: string): Promise<unknown> {
  for (const forceRefresh of [false, true]) {
    const bearer = await askToken(forceRefresh)
    if (!bearer) return null
    const res = await send(path, { headers: { authorization: `Bearer ${bearer}` }, timeoutMs: 10_000 })
    if (res.status === 401) continue
    if (!res.ok) return null
    return (await res.json()) as unknown
  }
  return null
}

const firstPage = (data: unknown) => ({ pages: [data], pageParams: [null] })

/**
 * One round, one request: the listed blends the device lacks first, then the other screens' reads
 * it lacks (decision 089: after a reload a blend the maker saw is not behind four other reads).
 * True when more may be left.
 */
async function fillOnce(current: DeviceStore): Promise<boolean> {
  const next = current.nextFill(asked, screens, screensDone)
  if (next === null) return false
  const started = generation
  const at = Date.now()
  if ('screen' in next) {
    const { screen } = next
    const data = await getJson(screen.path)
    if (data === null) return false
    if (generation !== started) return true
    screensDone.add(screen.hash)
    await inOrder(() =>
      current.put([{ hash: screen.hash, queryKey: screen.queryKey, data: screen.infinite ? firstPage(data) : data, dataUpdatedAt: at }]),
    )
    return true
  }
  const ids = next.blends
  const answer = (await getJson(`/api/blends/details?ids=${ids.join(',')}`)) as {
    items: ({ id: number; batches: unknown } & Record<string, unknown>)[]
  } | null
  if (answer === null) return false
  if (generation !== started) return true
  for (const id of ids) asked.set(id, at)
  const puts: IncomingQuery[] = []
  for (const { batches, ...detail } of answer.items) {
    puts.push({ hash: hashKey(detailKey(detail.id)), queryKey: detailKey(detail.id), data: detail, dataUpdatedAt: at })
    // The journal's batch list (useBatchPages) as its first page: the rest load online (decision 055).
    puts.push({ hash: hashKey(batchesKeyOf(detail.id)), queryKey: batchesKeyOf(detail.id), data: firstPage(batches), dataUpdatedAt: at })
  }
  await inOrder(() => current.put(puts))
  return true
}

async function fill(): Promise<void> {
  const current = store
  if (!current) return
  if (running) {
    again = true
    return
  }
  running = true
  try {
    await current.ready
    do {
      again = false
      while (store === current && navigator.onLine && (await fillOnce(current))) {
        // one request after another: the server's and the connection's share stays small
      }
    } while (again && store === current)
    post({ type: 'filled', blends: asked.size })
  } catch (err) {
    console.warn('Filling the device for offline use failed', err)
  } finally {
    running = false
  }
}

self.onmessage = (event: MessageEvent<ToDevice>) => {
  const message = event.data
  switch (message.type) {
    case 'start':
      store = new DeviceStore(message.userId, message.buster)
      outbox?.stop()
      outbox = outboxRunner(message.userId, post, askToken)
      // The page counts what waits from the first report on.
      void outbox.report().catch((err: unknown) => console.warn('Reading the changes waiting on this device failed', err))
      void fill()
      break
    case 'outbox': {
      const { type: _type, id, ...call } = message
      if (outbox) void outbox.call(id, call)
      else post({ type: 'outbox-answer', id, value: null, error: 'Not started.' })
      break
    }
    case 'sync':
      outbox?.sync()
      break
    case 'token':
      token.receive(message.token)
      break
    case 'put': {
      const current = store
      if (!current) break
      void inOrder(() => current.put(message.queries))
      // A list (or a page of it) arrived: what it names is filled now.
      if (message.queries.some((q) => q.queryKey[0] === '/api/blends' && q.queryKey[1] === 'list')) void queue.then(fill)
      break
    }
    case 'opened': {
      const current = store
      if (!current) break
      current.onScreen = new Set(message.onScreen)
      void inOrder(() => current.opened(message.hash, message.at))
      break
    }
    case 'remove': {
      const current = store
      if (current) void inOrder(() => current.remove(message.hashes))
      break
    }
    case 'changed':
      generation += 1
      break
    case 'fill':
      if (message.screens) screens = message.screens
      void fill()
      break
    case 'restore': {
      const current = store
      void queue
        .then(() => current?.restore() ?? [])
        .then((queries) => post({ type: 'restored', id: message.id, queries }))
        .catch(() => post({ type: 'restored', id: message.id, queries: [] }))
      break
    }
  }
}
