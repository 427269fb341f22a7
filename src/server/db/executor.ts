import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#server/db/schema.ts'

/** What a repository or command writes through: the database itself, or a transaction on it. */
export type Executor = Kysely<Database> | Transaction<Database>
