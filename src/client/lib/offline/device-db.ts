import type { QueryKey } from '@tanstack/query-core'
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

/**
 * One query's data kept for reading offline (decision 065): one record per query and user, so a
 * page load that saves what it read adds to what earlier page loads kept, never replaces it.
 */
export type SavedQuery = {
  userId: string
  /** React Query's hash of the key. */
  hash: string
  queryKey: QueryKey
  /** The API contract it was read with (persist-queries.ts QUERIES_BUSTER): another is never shown. */
  buster: string
  data: unknown
  /** When it was fetched from the server (ms): a record is replaced only by newer data. */
  dataUpdatedAt: number
  /** When a screen last showed it (ms): the bound's "most recently opened". */
  openedAt: number
  /** Its data's serialised size (the bound's storage budget). */
  bytes: number
}

interface DeviceSchema extends DBSchema {
  outbox: { key: number; value: QueuedWrite; indexes: { userId: string } }
  saved: { key: [string, string]; value: SavedQuery; indexes: { userId: string } }
}

let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null

export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(DEVICE_DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true })
        outbox.createIndex('userId', 'userId')
      }
      // Version 1 kept one blob per user that every save replaced (issue 34): it goes, its data
      // is read again online.
      if ((db.objectStoreNames as DOMStringList).contains('queries')) db.deleteObjectStore('queries' as never)
      const saved = db.createObjectStore('saved', { keyPath: ['userId', 'hash'] })
      saved.createIndex('userId', 'userId')
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
  const tx = db.transaction('saved', 'readwrite')
  for (const key of await tx.store.getAllKeys()) if (key[0] !== userId) void tx.store.delete(key)
  await tx.done
}
