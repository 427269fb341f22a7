import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string
  }
}

/** Migrates and seeds one SQLite template per run; each test file copies it. */
export default async function setup(project: TestProject) {
  const { createDb } = await import('#server/db/db.ts')
  const { migrateToLatest } = await import('#server/db/migrate.ts')
  const { seedOils } = await import('#server/db/seed/seed-oils.ts')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-template-'))
  const file = path.join(dir, 'template.db')
  const db = createDb(file)
  await migrateToLatest(db)
  await seedOils(db)
  // Closing folds the WAL into the main file, so a plain copy is complete.
  await db.destroy()
  project.provide('sqliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
