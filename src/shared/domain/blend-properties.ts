import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect, ScentFamily } from '#shared/domain/vocabulary.ts'
import { chosenOils, hasThreeOils, type Composition, type StartingPointType } from '#shared/domain/wizard.ts'

/** What the blend as a whole offers (docs/product.md §2 step 3 "Blend Properties", §9 badge limits). */

export const MAX_COMBINED_EFFECTS = 4

type OilTraits = Pick<EssentialOil, 'effects' | 'scentFamily'>

/** The unique effects of the chosen oils, top to base and in each oil's own order, at most `limit`. */
export function combinedEffects(composition: Composition<OilTraits>, limit = MAX_COMBINED_EFFECTS): Effect[] {
  const unique = [...new Set(chosenOils(composition).flatMap(({ oil }) => oil.effects))]
  return unique.slice(0, limit)
}

/** Every unique effect of the blend, unlimited: what a save stores. */
export function allEffects(composition: Composition<OilTraits>): Effect[] {
  return combinedEffects(composition, Number.POSITIVE_INFINITY)
}

function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`
}

/**
 * How the blend is built, from the three layers' families, for a screen to word in its language
 * (decision 107): one family throughout, or each layer's. Null until all three notes are chosen,
 * and for a blend holding an accord (an accord has no one family).
 */
export type ScentProfileParts =
  { kind: 'one-family'; family: ScentFamily } | { kind: 'layers'; top: ScentFamily; heart: ScentFamily; base: ScentFamily }

export function scentProfileParts(composition: Composition<OilTraits>): ScentProfileParts | null {
  if (!hasThreeOils(composition)) return null
  const [top, heart, base]: [ScentFamily, ScentFamily, ScentFamily] = [
    composition.topNote.scentFamily,
    composition.middleNote.scentFamily,
    composition.baseNote.scentFamily,
  ]
  if (top === heart && heart === base) return { kind: 'one-family', family: top }
  return { kind: 'layers', top, heart, base }
}

/**
 * One sentence on how the blend is built, in English (the recipe card's, the API's):
 * 'A Citrus top, a Floral heart and a Woody base.'; one family throughout reads
 * 'Citrus from top to base.'. Null as scentProfileParts is.
 */
export function scentProfile(composition: Composition<OilTraits>): string | null {
  const parts = scentProfileParts(composition)
  if (parts === null) return null
  if (parts.kind === 'one-family') return `${parts.family} from top to base.`
  const sentence = `${withArticle(parts.top)} top, ${withArticle(parts.heart)} heart and ${withArticle(parts.base)} base.`
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

/** Where an oil's effect badges are shown. */
export type BadgePlace = 'picker' | 'oil-details' | 'summary-card'

/**
 * docs/product.md §9: at most 2 effect badges in the picker or when the blend was started by effect,
 * otherwise 3; at most 2 on each summary note card.
 */
export function effectBadgeLimit(place: BadgePlace, startedBy: StartingPointType | null): number {
  if (place === 'picker' || place === 'summary-card') return 2
  return startedBy === 'effect' ? 2 : 3
}
