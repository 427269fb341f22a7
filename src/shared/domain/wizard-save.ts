import type { CreateBlend, CreateVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { allEffects } from '#shared/domain/blend-properties.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { accordIn, isComplete, oilIn, percentageOf, type Composition } from '#shared/domain/wizard.ts'

/**
 * What the wizard's save sends. Whether a save makes a new blend or the next version of one, and
 * which letter and reference it gets, is the server's to decide (src/server/blends/blends.routes.ts):
 * the wizard posts once and shows the answer.
 */

function assertComplete(composition: Composition): void {
  if (!isComplete(composition)) throw new Error('The blend needs a top, a middle and a base note')
}

/** The layer's oil or accord (the draft keeps one of them per layer, withOil / withAccord). */
function layerHolds(composition: Composition, type: (typeof NOTE_TYPES)[number]): { oil: EssentialOil } | { accordVersionId: number } {
  const accord = accordIn(composition, type)
  if (accord) return { accordVersionId: accord.versionId }
  const oil = oilIn(composition, type)
  if (!oil) throw new Error('The blend needs a top, a middle and a base note')
  return { oil }
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text)

/** All three notes and a name that is not blank. */
export function canSave(composition: Composition<unknown>, name: string): boolean {
  return isComplete(composition) && name.trim() !== ''
}

/**
 * POST /api/blends: per layer one oil id (`middleNote`) or one accord's version id (`middleAccord`,
 * decision 077), the layer percentages, the unique effects of the oils put in directly.
 */
export function blendPayload(composition: Composition, fields: { name: string; notes: string }): CreateBlend {
  assertComplete(composition)
  const layers: Partial<Pick<CreateBlend, 'topNote' | 'middleNote' | 'baseNote' | 'topAccord' | 'middleAccord' | 'baseAccord'>> = {}
  for (const type of NOTE_TYPES) {
    const key = type.toLowerCase() as 'top' | 'middle' | 'base'
    const holds = layerHolds(composition, type)
    if ('oil' in holds) layers[`${key}Note`] = holds.oil.id
    else layers[`${key}Accord`] = holds.accordVersionId
  }
  return {
    name: fields.name.trim(),
    ...layers,
    topPercentage: composition.topPercentage,
    middlePercentage: composition.middlePercentage,
    basePercentage: composition.basePercentage,
    effects: allEffects(composition),
    notes: blankToNull(fields.notes),
  }
}

/**
 * POST /api/blend-versions from the wizard: one oil per layer with the layer's percentage, or for a
 * layer holding an accord, no oil and the accord in `accords` at the layer's percentage; and the
 * defaults of a new version (untested, no rating, 48 h maturation, cross-contamination prevented).
 * No letter or reference: the server assigns them.
 */
export function versionPayload(composition: Composition, fields: { projectId: number; notes: string; now: Date }): CreateVersion {
  assertComplete(composition)
  const layer = (type: (typeof NOTE_TYPES)[number]) => {
    const holds = layerHolds(composition, type)
    return 'oil' in holds ? [{ id: holds.oil.id, name: holds.oil.name, percentage: percentageOf(composition, type) }] : []
  }
  const accords = NOTE_TYPES.flatMap((type) => {
    const holds = layerHolds(composition, type)
    return 'accordVersionId' in holds
      ? [
          {
            layer: type.toLowerCase() as 'top' | 'middle' | 'base',
            versionId: holds.accordVersionId,
            percentage: percentageOf(composition, type),
          },
        ]
      : []
  })
  return {
    projectId: fields.projectId,
    topOils: layer('Top'),
    middleOils: layer('Middle'),
    baseOils: layer('Base'),
    accords,
    effects: allEffects(composition),
    formulationNotes: blankToNull(fields.notes),
    testingNotes: null,
    rating: null,
    tested: false,
    dateMade: fields.now.toISOString(),
    dateTested: null,
    ...TRACKING_DEFAULTS,
  }
}
