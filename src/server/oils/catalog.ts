import type { EssentialOil } from '#shared/api/oils.ts'
import type { Db } from '#server/db/db.ts'
import { listAllOils } from '#server/oils/oils.repo.ts'

export type Catalog = {
  all: () => Promise<EssentialOil[]>
  byId: () => Promise<Map<number, EssentialOil>>
}

/**
 * The oil catalog, read once: it only changes at deploy time (seeding runs before listen).
 * A failed read is not cached, so the next request tries again.
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
  }
}
