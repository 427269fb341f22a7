import type { DehydratedState } from '@tanstack/react-query'
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb'

/**
 * The one IndexedDB database Accord keeps on a device (decision 029): the signed-in user's saved
 * query cache (what was last seen, for reading offline) and the queue of writes made offline.
 * Every record names its user; signing out deletes the whole database.
 */
export const DEVICE_DB_NAME = 'accord-device'

export type RefusedBy = { status: number; code: string; message: string }

/** A write made on this device, waiting to be sent (or refused by the server and kept). */
export type QueuedWrite = {
  /** The queue's order: writes are sent in the order they were made. */
  id?: number
  userId: string
  method: 'POST' | 'PATCH'
  path: string
  body: unknown
  /** Sent as the Idempotency-Key header: a resend after a lost answer creates nothing twice. */
  idempotencyKey: string
  /** What the user made, in their words, e.g. 'Test entry for Rose Garden (001a)'. */
  label: string
  /** What the user typed, kept whatever the server answers. */
  text: string | null
  queuedAt: string
  refused: RefusedBy | null
}

export type SavedQueries = {
  userId: string
  buster: string
  savedAt: number
  state: DehydratedState
  /** When each query was last shown on a screen (by query hash): the cache bound's recency. */
  openedAt?: Record<string, number>
}

interface DeviceSchema extends DBSchema {
  outbox: { key: number; value: QueuedWrite; indexes: { userId: string } }
  queries: { key: string; value: SavedQueries }
}

let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null

export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(DEVICE_DB_NAME, 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true })
      outbox.createIndex('userId', 'userId')
      db.createObjectStore('queries', { keyPath: 'userId' })
    },
    // Another tab is deleting the database (a sign-out there): let it.
    blocking() {
      void opened?.then((db) => db.close())
      opened = null
    },
  })
  return opened
}

/** Deletes everything Accord keeps in IndexedDB on this device (sign-out). */
export async function clearDeviceDb(): Promise<void> {
  const db = opened
  opened = null
  if (db) (await db.catch(() => null))?.close()
  await deleteDB(DEVICE_DB_NAME)
}

/**
 * Someone else signed in on this device (the previous user's session ended without a sign-out):
 * the previous user's saved data goes. Their queued writes stay, unseen by others, and are sent
 * when they sign in again: a change is never dropped silently.
 */
export async function forgetOtherUsersData(userId: string): Promise<void> {
  const db = await deviceDb()
  for (const key of await db.getAllKeys('queries')) if (key !== userId) await db.delete('queries', key)
}
