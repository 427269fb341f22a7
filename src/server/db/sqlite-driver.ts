import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely'

/**
 * SQLite with two connections to one WAL file: the writer, which Kysely's own driver would use for
 * everything, one caller at a time; and a read-only reader for SELECTs sent outside a transaction,
 * which need not wait (decision 041). A transaction holds the writer from BEGIN to COMMIT, and an
 * import of 100,000 rows writes for seconds: with one connection every other request's read waited
 * for it. In WAL mode a reader sees the last committed data and never waits for the writer, which is
 * what PostgreSQL's read committed gives the same requests.
 *
 * Reads inside a transaction, and every statement that is not a SELECT (writes, pragmas, raw SQL),
 * run on the writer, in turn, as before.
 */
export class ReadWriteSqliteDialect extends SqliteDialect {
  readonly #writer: SqliteDatabase
  readonly #reader: SqliteDatabase
  constructor(writer: SqliteDatabase, reader: SqliteDatabase) {
    super({ database: writer })
    this.#writer = writer
    this.#reader = reader
  }
  override createDriver(): Driver {
    return new ReadWriteSqliteDriver(this.#writer, this.#reader)
  }
}

function execute(db: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<unknown> {
  const statement = db.prepare(sql)
  if (statement.reader) return { rows: statement.all(parameters) }
  const { changes, lastInsertRowid } = statement.run(parameters)
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  }
}

/** The writer, one holder at a time, in the order they asked (as Kysely's SQLite driver does). */
class WriterTurns {
  #tail: Promise<void> = Promise.resolve()
  async take(): Promise<() => void> {
    let release!: () => void
    const done = new Promise<void>((resolve) => {
      release = resolve
    })
    const before = this.#tail
    this.#tail = before.then(() => done)
    await before
    return release
  }
}

/** What Kysely holds between acquiring and releasing a connection: the writer once it needs it. */
class Lease implements DatabaseConnection {
  #release: (() => void) | null = null
  inTransaction = false
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
    private readonly turns: WriterTurns,
  ) {}

  /** Takes the writer for the rest of this lease (no-op when held). */
  async holdWriter(): Promise<void> {
    if (!this.#release) this.#release = await this.turns.take()
  }

  release(): void {
    const release = this.#release
    this.#release = null
    release?.()
  }

  /** A SELECT outside a transaction, on a lease that has not written: the reader's. */
  #readerTakes(query: CompiledQuery): boolean {
    return !this.inTransaction && !this.#release && SelectQueryNode.is(query.query)
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#readerTakes(query)) return execute(this.reader, query) as QueryResult<R>
    await this.holdWriter()
    return execute(this.writer, query) as QueryResult<R>
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries')
    const onReader = this.#readerTakes(query)
    if (!onReader) await this.holdWriter()
    const db = onReader ? this.reader : this.writer
    for (const row of db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] }
  }
}

class ReadWriteSqliteDriver implements Driver {
  readonly #turns = new WriterTurns()
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly reader: SqliteDatabase,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this.writer, this.reader, this.#turns)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease
    await lease.holdWriter()
    await lease.executeQuery(CompiledQuery.raw('begin'))
    lease.inTransaction = true
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease
    await lease.executeQuery(CompiledQuery.raw('commit'))
    lease.inTransaction = false
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease
    await lease.executeQuery(CompiledQuery.raw('rollback'))
    lease.inTransaction = false
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    ;(connection as Lease).release()
  }

  async destroy(): Promise<void> {
    this.reader.close()
    this.writer.close()
  }
}
