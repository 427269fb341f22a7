import type { AccordUse, VersionOil } from '#shared/api/blends.ts'
import { flattenLayers, isAccordLine, type Layers, type StoredLine } from '#shared/domain/accords.ts'

/**
 * A version's three layers as blend_versions stores them (JSON columns), read one way for every
 * feature: the blends' own reads, share links, exports, batches and compliance (decision 072). It
 * lives here, not in blends/, so the shelf can read a version without reaching into the blends
 * feature (decision 063: no feature cycles).
 */
type LayerColumns = { top_oils: string; middle_oils: string; base_oils: string }

/** A version row's three layers as stored (JSON): oils, and accords with their snapshots (decision 072). */
export function storedLayersOf(row: LayerColumns): Layers<StoredLine> {
  return {
    topOils: JSON.parse(row.top_oils) as StoredLine[],
    middleOils: JSON.parse(row.middle_oils) as StoredLine[],
    baseOils: JSON.parse(row.base_oils) as StoredLine[],
  }
}

const LAYER_KEYS = [
  ['topOils', 'top'],
  ['middleOils', 'middle'],
  ['baseOils', 'base'],
] as const

/**
 * A version row's three layers, flattened (every reader of a composition reads these: the API, share
 * links, exports, the calculator), with the accords it holds and the oils put in directly. Read here
 * only. `newerVersion` is filled in by the reads that look the accords' blends up (accord-uses.repo.ts).
 */
export function layersOf(row: LayerColumns): {
  topOils: VersionOil[]
  middleOils: VersionOil[]
  baseOils: VersionOil[]
  accords: AccordUse[]
  ownOils: { topOils: VersionOil[]; middleOils: VersionOil[]; baseOils: VersionOil[] } | null
} {
  const stored = storedLayersOf(row)
  const accords: AccordUse[] = []
  for (const [key, layer] of LAYER_KEYS)
    for (const line of stored[key])
      if (isAccordLine(line)) {
        const a = line.accord
        accords.push({
          layer,
          versionId: a.versionId,
          projectId: a.projectId,
          name: a.name,
          referenceNumber: a.referenceNumber,
          percentage: line.percentage,
          oils: a.oils,
          newerVersion: null,
        })
      }
  if (accords.length === 0) {
    const { topOils, middleOils, baseOils } = stored as Layers<VersionOil>
    return { topOils: [...topOils], middleOils: [...middleOils], baseOils: [...baseOils], accords, ownOils: null }
  }
  const own = (lines: readonly StoredLine[]) => lines.filter((l): l is VersionOil => !isAccordLine(l))
  return {
    ...flattenLayers(stored),
    accords,
    ownOils: { topOils: own(stored.topOils), middleOils: own(stored.middleOils), baseOils: own(stored.baseOils) },
  }
}

/** A version row's flattened layers only (decision 072): what readers of a composition take. */
export function flatLayersOf(row: LayerColumns): Layers<VersionOil> & {
  topOils: VersionOil[]
  middleOils: VersionOil[]
  baseOils: VersionOil[]
} {
  return flattenLayers(storedLayersOf(row))
}
