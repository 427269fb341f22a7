import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { BlendVersion, VersionOil } from '#shared/api/blends.ts'
import type { CalculatorOil } from '#shared/domain/calculator.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/** What the calculator works from: one version of one blend. */
export interface BlendSource {
  /** '001b Evening Calm': the version's reference and the blend's name (also the printed recipe's title). */
  label: string
  oils: Omit<CalculatorOil, 'densityGPerMl'>[]
}

const fromVersionOils = (layer: NoteType, oils: readonly VersionOil[]) =>
  oils.map((oil) => ({ id: oil.id, name: oil.name, layer, percentage: oil.percentage }))

/** A version of a blend as the calculator's source: its oils by layer, in the order top, middle, base. */
export function versionSource(blend: Pick<BlendDetail, 'name'>, version: BlendVersion): BlendSource {
  return {
    label: `${version.referenceNumber} ${blend.name}`,
    oils: [
      ...fromVersionOils('Top', version.topOils),
      ...fromVersionOils('Middle', version.middleOils),
      ...fromVersionOils('Base', version.baseOils),
    ],
  }
}

/** 'Version 2 - 001b', as the journal numbers versions (1..n in order). */
export const versionLabel = (version: Pick<BlendVersion, 'referenceNumber'>, position: number) =>
  `Version ${position} - ${version.referenceNumber}`
