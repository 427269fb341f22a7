import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { accordIn, accordLabel, oilIn, percentageOf, type Composition } from '#shared/domain/wizard.ts'
import type { RecipeLayer } from '#client/features/blend-creator/lib/recipe-pdf.ts'

/**
 * The recipe card's three rows, top to base: an oil by its name, Latin name and family; a layer
 * holding an accord (decision 077) by 'Citrus Dawn 001b', as one of the maker's saved blends (an
 * accord has no one Latin name or family). An empty layer has no row.
 */
export function recipeLayers(composition: Composition): RecipeLayer[] {
  return NOTE_TYPES.flatMap((layer): RecipeLayer[] => {
    const percentage = percentageOf(composition, layer)
    const accord = accordIn(composition, layer)
    if (accord)
      return [
        {
          layer,
          percentage,
          name: accordLabel(accord),
          latinName: 'One of your saved blends, used whole',
          scentFamily: 'Accord',
          accord: true,
        },
      ]
    const oil = oilIn(composition, layer)
    return oil ? [{ layer, percentage, name: oil.name, latinName: oil.latinName, scentFamily: oil.scentFamily }] : []
  })
}
