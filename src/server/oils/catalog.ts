import type { EssentialOil } from '#shared/api/oils.ts'
import type { Db } from '#server/db/db.ts'
import type { Executor } from '#server/db/executor.ts'
import { listAllOils, listOwnOils } from '#server/oils/oils.repo.ts'

export type Catalog = {
  all: () => Promise<EssentialOil[]>
  byId: () => Promise<Map<number, EssentialOil>>
  /**
   * The oils one user may name: the catalog and their own ingredients (decision 068). Another
   * user's ingredient is not in it, so it reads as an unknown oil id. `ex` reads inside a
   * transaction when given.
   */
  forUser: (userId: string, ex?: Executor) => Promise<Map<number, EssentialOil>>
}

/**
 * The oil catalog, read once: it only changes at deploy time (seeding runs before listen).
 * A failed read is not cached, so the next request tries again. A user's own ingredients are read
 * on each request that needs them (they change at any time), never cached across users.
 */
export function createCatalog(db: Db): Catalog {
  let loaded: Promise<{ list: EssentialOil[]; map: Map<number, EssentialOil> }> | null = null
  const load = () => {
    loaded ??= listAllOils(db.kysely)
      .then((list) => ({ list, map: new Map(list.map((oil) => [oil.id, oil])) }))
      .catch((err) => {
        loaded = null
        throw err
      })
    return loaded
  }
  return {
    all: async () => (await load()).list,
    byId: async () => (await load()).map,
    forUser: async (userId, ex) => {
      const [{ map }, own] = await Promise.all([load(), listOwnOils(ex ?? db.kysely, userId)])
      if (own.length === 0) return map
      const merged = new Map(map)
      for (const oil of own) merged.set(oil.id, oil)
      return merged
    },
  }
}
