import { randomBytes } from 'node:crypto'
import pg from 'pg'

export type PgSchema = {
  name: string
  /** `base` with `?schema=` set: the server's search_path, so its tables land in this schema. */
  url: string
  drop: () => Promise<void>
}

async function admin(base: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

/** A fresh, empty schema on the PostgreSQL server of `base`, for one test file; drop it afterwards. */
export async function createPgSchema(base: string, prefix: string): Promise<PgSchema> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await admin(base, `create schema ${name}`)
  return {
    name,
    url: `${base}${base.includes('?') ? '&' : '?'}schema=${name}`,
    drop: () => admin(base, `drop schema if exists ${name} cascade`),
  }
}
