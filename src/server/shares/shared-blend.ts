import type { VersionOil } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { SharedBlend, SharedOil } from '#shared/api/shares.ts'
import { combinedEffects, scentProfile } from '#shared/domain/blend-properties.ts'
import type { SharedRecipe } from '#server/shares/shares.repo.ts'

/** Share creation and reads of links, per client address and minute (docs/product.md "Sharing"). */
export const SHARE_RATE_LIMIT = { max: 60, timeWindow: 60_000 }

/** What a reader sees of a link: the recipe, with notes and name only as the owner chose. */
export function toSharedBlend(recipe: SharedRecipe, oils: Map<number, EssentialOil>): SharedBlend {
  const shown = (list: VersionOil[]): SharedOil[] =>
    list.map((o) => {
      const oil = oils.get(o.id)
      // A maker's own ingredient shows its name and INCI name only (decision 068).
      const latinName = oil ? (oil.yours ? oil.inciName : oil.latinName) : null
      return { name: oil?.name ?? o.name, latinName, percentage: o.percentage }
    })
  const first = (list: VersionOil[]) => (list[0] ? (oils.get(list[0].id) ?? null) : null)
  const composition = {
    topNote: first(recipe.version.top),
    middleNote: first(recipe.version.middle),
    baseNote: first(recipe.version.base),
    topPercentage: 0,
    middlePercentage: 0,
    basePercentage: 0,
  }
  return {
    name: recipe.name,
    reference: recipe.version.reference_number,
    layers: { top: shown(recipe.version.top), middle: shown(recipe.version.middle), base: shown(recipe.version.base) },
    accords: recipe.version.accords,
    effects: combinedEffects(composition),
    scentProfile: scentProfile(composition),
    notes: recipe.includeNotes ? recipe.version.formulation_notes : null,
    sharedBy: recipe.sharedBy,
  }
}
