/**
 * Each project's list entry, serialised, reused while the project's list_version is unchanged.
 * A list request reads the ids and list versions of its rows first and computes only the entries
 * the cache lacks, so after a write to one blend a list of thousands recomputes one entry.
 *
 * Reading the versions before the data keeps it correct across server processes and concurrent
 * writes: an entry computed from data newer than the version it was read with is stored under the
 * older version, which the next read no longer asks for.
 */
export type ListItemCache = ReturnType<typeof createListItemCache>

/** At most this many projects fewer than all of them are fetched by id; beyond it, all are. */
const FETCH_ALL_FROM = 500

export function createListItemCache(maxItems = 50_000) {
  const items = new Map<number, { version: number; json: string }>()

  function remember(id: number, version: number, json: string) {
    items.delete(id)
    if (items.size >= maxItems) items.delete(items.keys().next().value as number)
    items.set(id, { version, json })
  }

  /**
   * The JSON array of the rows' entries, in the rows' order. `compute` builds the entries of the
   * given project ids (null: all of the user's); a project it no longer finds (deleted meanwhile)
   * is left out.
   */
  async function assemble<T>(
    rows: readonly { id: number; list_version: number }[],
    compute: (ids: number[] | null) => Promise<Map<number, T>>,
  ): Promise<string> {
    const json = new Map<number, string>()
    const missing: number[] = []
    for (const row of rows) {
      const item = items.get(row.id)
      if (item && item.version === row.list_version) json.set(row.id, item.json)
      else missing.push(row.id)
    }
    if (missing.length > 0) {
      const computed = await compute(missing.length >= FETCH_ALL_FROM ? null : missing)
      for (const row of rows) {
        const entry = computed.get(row.id)
        if (entry === undefined || json.has(row.id)) continue
        const text = JSON.stringify(entry)
        json.set(row.id, text)
        remember(row.id, row.list_version, text)
      }
    }
    const parts: string[] = []
    for (const row of rows) {
      const text = json.get(row.id)
      if (text !== undefined) parts.push(text)
    }
    return `[${parts.join(',')}]`
  }

  return { assemble, size: () => items.size }
}
