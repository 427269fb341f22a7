import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'

/** How often the checkpointer copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 1_000

/** SQLite's own default: checkpoint once the log holds this many pages. */
const AUTO_CHECKPOINT_PAGES = 1_000

/**
 * The thread's code: its own connection to the file, and a PASSIVE checkpoint every interval,
 * which copies what it can without waiting for (or holding up) readers and the writer.
 */
const SOURCE = `
const { workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true })
db.pragma('busy_timeout = 5000')
setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)') } catch {}
}, workerData.everyMs)
`

/**
 * Moves SQLite's checkpoints off the event loop (decision 041). By default the connection that
 * commits copies the write-ahead log into the database once the log passes 1,000 pages, inside
 * that COMMIT: 0.2–0.3 s after a 100,000-row import, during which no request was served. Here the
 * writer never checkpoints on its own; a worker thread with its own connection does, every
 * second. Should the thread fail, the writer checkpoints itself again as before.
 */
export function startCheckpointer(writer: SQLite.Database, file: string, report: (message: string) => void): { stop: () => Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS },
    // It allocates next to nothing: a small heap keeps its memory small.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  })
  // The thread does not keep the process alive; closing the database stops it.
  worker.unref()
  writer.pragma('wal_autocheckpoint = 0')
  let stopped = false
  const fallBack = (why: string) => {
    if (stopped) return
    stopped = true
    report(`SQLite checkpoints: the checkpoint thread stopped (${why}); the writer checkpoints on its own again`)
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`)
  }
  worker.on('error', (err) => fallBack(err.message))
  worker.on('exit', (code) => fallBack(`exit code ${code}`))
  return {
    stop: async () => {
      stopped = true
      await worker.terminate()
    },
  }
}
