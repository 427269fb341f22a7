/**
 * Accords inside blends (docs/product.md "Accords inside blends"; decision 072). A layer of a blend
 * may hold a saved blend version (an accord) at a percentage of the whole blend, beside single oils.
 * The accord is pinned to its version, and versions are never edited (decision 018), so the accord's
 * own composition is copied into the line when the version is saved: reading a blend never follows
 * a chain of blends, a deleted accord leaves its oils where they were, and a share, an export or the
 * offline copy holds all it needs.
 *
 * Everything that reads a composition reads the flattened one (flattenLayers): an accord's oils,
 * whatever their own layer in the accord, count in the layer of the blend the accord sits in, at the
 * accord's percentage times their share of the accord; an oil that is there twice (on its own and in
 * an accord, or in two accords) is one line, its shares added.
 */
import type { NoteType } from '#shared/domain/vocabulary.ts'

/** How deep accords may nest: a blend holding an accord holding an accord holding an accord. */
export const MAX_ACCORD_DEPTH = 3
/** Accords one layer may hold (oils and accords together stay within MAX_OILS_PER_SLOT). */
export const MAX_ACCORDS_PER_LAYER = 4

/** An oil line: its share of the whole (blend, or accord), in percent. */
export interface OilLine {
  id: number
  name: string
  percentage: number
}

/**
 * An accord as a version's layer stores it: the accord version it is pinned to and a copy of that
 * version's flattened composition, made when the line was saved.
 */
export interface AccordSnapshot {
  versionId: number
  /** The accord's blend; kept when that blend is deleted (the line then names it, and keeps its oils). */
  projectId: number
  /** The accord blend's name when the line was saved ('Citrus Dawn'). */
  name: string
  /** '001b'. */
  referenceNumber: string
  /** The accord's flattened oils, each its share of the accord (they total 100). */
  oils: OilLine[]
  /** Every blend (project id) inside the accord at any depth, the accord's own included: refusing a blend that would contain itself. */
  contains: number[]
  /** 1 for an accord of single oils; one more for each level of accords inside it. */
  depth: number
}

/** One stored line of a layer: an oil, or an accord at a share of the whole blend. */
export type StoredLine = OilLine | { accord: AccordSnapshot; percentage: number }

export const isAccordLine = (line: StoredLine): line is { accord: AccordSnapshot; percentage: number } => 'accord' in line

const round = (n: number) => Math.round(n * 1e6) / 1e6

/** One layer's lines flattened to oils: an oil twice is one line; order is first appearance. */
export function flattenLayer(lines: readonly StoredLine[]): OilLine[] {
  const out = new Map<number, OilLine>()
  const add = (id: number, name: string, percentage: number) => {
    const seen = out.get(id)
    if (seen) seen.percentage = round(seen.percentage + percentage)
    else out.set(id, { id, name, percentage: round(percentage) })
  }
  for (const line of lines) {
    if (isAccordLine(line)) for (const oil of line.accord.oils) add(oil.id, oil.name, (oil.percentage * line.percentage) / 100)
    else add(line.id, line.name, line.percentage)
  }
  return [...out.values()]
}

export type Layers<T> = Readonly<Record<'topOils' | 'middleOils' | 'baseOils', readonly T[]>>

/** A version's three layers flattened. */
export function flattenLayers(layers: Layers<StoredLine>): { topOils: OilLine[]; middleOils: OilLine[]; baseOils: OilLine[] } {
  return { topOils: flattenLayer(layers.topOils), middleOils: flattenLayer(layers.middleOils), baseOils: flattenLayer(layers.baseOils) }
}

/** A whole version flattened into one list of oils, each its share of that version (for an accord's snapshot). */
export function flattenAll(layers: Layers<StoredLine>): OilLine[] {
  return flattenLayer([...layers.topOils, ...layers.middleOils, ...layers.baseOils])
}

export const LAYER_OF_KEY = { topOils: 'Top', middleOils: 'Middle', baseOils: 'Base' } as const satisfies Record<string, NoteType>

/**
 * Why an accord cannot go into a blend, or null: the blend would contain itself (the chain named,
 * 'Evening Calm contains Citrus Dawn 001b, which contains Evening Calm'), or nest deeper than
 * MAX_ACCORD_DEPTH. `chainNames` names the blends of `contains` the accord holds, for the message.
 */
export function accordProblem(
  host: { projectId: number; name: string },
  accord: Pick<AccordSnapshot, 'projectId' | 'name' | 'referenceNumber' | 'contains' | 'depth'>,
): string | null {
  if (accord.projectId === host.projectId)
    return `${host.name} cannot contain its own version ${accord.referenceNumber}: a blend cannot contain itself`
  if (accord.contains.includes(host.projectId))
    return `${host.name} cannot contain ${accord.name} ${accord.referenceNumber}, which contains ${host.name}: a blend cannot contain itself`
  if (accord.depth + 1 > MAX_ACCORD_DEPTH)
    return `${accord.name} ${accord.referenceNumber} already holds accords ${accord.depth - 1} deep; accords nest at most ${MAX_ACCORD_DEPTH} deep`
  return null
}

/** The snapshot of a version, to store in a line of another blend. */
export function snapshotOf(
  version: { id: number; projectId: number; referenceNumber: string; layers: Layers<StoredLine> },
  blendName: string,
): AccordSnapshot {
  const inner = [...version.layers.topOils, ...version.layers.middleOils, ...version.layers.baseOils].filter(isAccordLine)
  return {
    versionId: version.id,
    projectId: version.projectId,
    name: blendName,
    referenceNumber: version.referenceNumber,
    oils: flattenAll(version.layers),
    contains: [...new Set([version.projectId, ...inner.flatMap((l) => l.accord.contains)])],
    depth: 1 + Math.max(0, ...inner.map((l) => l.accord.depth)),
  }
}
