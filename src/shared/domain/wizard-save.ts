import type { CreateBlend, CreateVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { allEffects } from '#shared/domain/blend-properties.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { isComplete, oilIn, percentageOf, type Composition } from '#shared/domain/wizard.ts'

/**
 * What the wizard's save sends. Whether a save makes a new blend or the next version of one, and
 * which letter and reference it gets, is the server's to decide (src/server/blends/blends.routes.ts):
 * the wizard posts once and shows the answer.
 */

type CompleteComposition = Composition & { topNote: EssentialOil; middleNote: EssentialOil; baseNote: EssentialOil }

function assertComplete(composition: Composition): asserts composition is CompleteComposition {
  if (!isComplete(composition)) throw new Error('The blend needs a top, a middle and a base note')
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text)

/** All three notes and a name that is not blank. */
export function canSave(composition: Composition<unknown>, name: string): boolean {
  return isComplete(composition) && name.trim() !== ''
}

/** POST /api/blends: one oil id per layer, the layer percentages, the blend's unique effects. */
export function blendPayload(composition: Composition, fields: { name: string; notes: string }): CreateBlend {
  assertComplete(composition)
  return {
    name: fields.name.trim(),
    topNote: composition.topNote.id,
    middleNote: composition.middleNote.id,
    baseNote: composition.baseNote.id,
    topPercentage: composition.topPercentage,
    middlePercentage: composition.middlePercentage,
    basePercentage: composition.basePercentage,
    effects: allEffects(composition),
    notes: blankToNull(fields.notes),
  }
}

/**
 * POST /api/blend-versions from the wizard: one oil per layer with the layer's percentage and the
 * defaults of a new version (untested, no rating, 48 h maturation, cross-contamination prevented).
 * No letter or reference: the server assigns them.
 */
export function versionPayload(composition: Composition, fields: { projectId: number; notes: string; now: Date }): CreateVersion {
  assertComplete(composition)
  const layer = (type: (typeof NOTE_TYPES)[number]) => {
    const oil = oilIn(composition, type)!
    return [{ id: oil.id, name: oil.name, percentage: percentageOf(composition, type) }]
  }
  return {
    projectId: fields.projectId,
    topOils: layer('Top'),
    middleOils: layer('Middle'),
    baseOils: layer('Base'),
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
