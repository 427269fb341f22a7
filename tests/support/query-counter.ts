import type { KyselyPlugin } from 'kysely'
import type { TestAppHandle } from '#tests/support/test-db.ts'

/**
 * Runs `work` with every query the app sends counted, and returns the count: the guard against a
 * query per row creeping into an answer (a count does not depend on the machine, a timing does).
 */
export async function countedQueries(t: TestAppHandle, work: () => Promise<unknown>): Promise<number> {
  let queries = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  const plain = t.db.kysely
  t.db.kysely = plain.withPlugin(counter)
  try {
    await work()
  } finally {
    t.db.kysely = plain
  }
  return queries
}
