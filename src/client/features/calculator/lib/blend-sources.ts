import type { BlendProject, SavedBlend, VersionOil } from '#shared/api/blends.ts'
import type { CalculatorOil } from '#shared/domain/calculator.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/** One thing the calculator can work from: a blend version, or a saved blend with no versions listed. */
export interface BlendSource {
  /** 'v:{version id}' or 'b:{blend id}': unique across both kinds. */
  value: string
  /** '001a Evening Calm' */
  label: string
  /** The project (or blend) it belongs to, for grouping: a key and a name. */
  groupKey: string
  group: string
  oils: Omit<CalculatorOil, 'densityGPerMl'>[]
}

const fromVersionOils = (layer: NoteType, oils: readonly VersionOil[]) =>
  oils.map((oil) => ({ id: oil.id, name: oil.name, layer, percentage: oil.percentage }))

function fromBlend(blend: SavedBlend): BlendSource {
  const slots = [
    ['Top', blend.topNote, blend.topPercentage],
    ['Middle', blend.middleNote, blend.middlePercentage],
    ['Base', blend.baseNote, blend.basePercentage],
  ] as const
  return {
    value: `b:${blend.id}`,
    label: `${blend.referenceNumber} ${blend.name}`,
    groupKey: `b:${blend.id}`,
    group: blend.name,
    oils: slots.flatMap(([layer, oil, percentage]) =>
      oil ? [{ id: oil.id, name: oil.name, layer, percentage: Number.isFinite(percentage) ? percentage : null }] : [],
    ),
  }
}

/**
 * Every version of every project, by reference ('001a', '001b', ...), then any blend whose project
 * is not in the list (so a blend is never missing while the projects load or if they fail).
 */
export function blendSources(blends: readonly SavedBlend[], projects: readonly BlendProject[]): BlendSource[] {
  const versions = [...projects]
    .sort((a, b) => a.blendNumber - b.blendNumber)
    .flatMap((project) =>
      project.versions.map((version) => ({
        value: `v:${version.id}`,
        label: `${version.referenceNumber} ${project.name}`,
        groupKey: `p:${project.id}`,
        group: project.name,
        oils: [
          ...fromVersionOils('Top', version.topOils),
          ...fromVersionOils('Middle', version.middleOils),
          ...fromVersionOils('Base', version.baseOils),
        ],
      })),
    )
  const projectIds = new Set(projects.map((project) => project.id))
  const orphans = blends.filter((blend) => !projectIds.has(blend.id)).map(fromBlend)
  return [...versions, ...orphans]
}

/** Sources grouped by blend, keeping their order. */
export interface SourceGroup {
  key: string
  group: string
  sources: BlendSource[]
}

export function groupSources(sources: readonly BlendSource[]): SourceGroup[] {
  const groups: SourceGroup[] = []
  for (const source of sources) {
    const last = groups.at(-1)
    if (last?.key === source.groupKey) last.sources.push(source)
    else groups.push({ key: source.groupKey, group: source.group, sources: [source] })
  }
  return groups
}
