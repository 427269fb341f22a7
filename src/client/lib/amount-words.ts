/**
 * Drops and weights in the interface's language (decision 107): "12 drops" / "12 Tropfen",
 * "2.75 g" / "2,75 g", "1 gram" / "1 Gramm". A catalog section of its own (`amounts.json`), as the
 * calculator and the version comparison both show them. The numbers are written by Intl in the
 * language shown; the English is word for word units.ts's (dropsText, formatInUnit, formatWeight,
 * weightWithUnitName, UNIT_LABELS), which the API and the recipe card keep.
 */
import english from '#client/locales/en/amounts.json?lingui'
import { currentLanguage, registerSection, useMessages } from '#client/lib/i18n.ts'
import {
  fromGrams,
  formatAmount,
  formatShown,
  AMOUNT_DECIMALS,
  type AmountUnit,
  type ShownWeight,
  type WeightUnit,
} from '#shared/domain/units.ts'
import { formatDrops } from '#shared/domain/units.ts'

export const amountWordsReady: Promise<void> = registerSection('amounts', english, {
  de: () => import('#client/locales/de/amounts.json?lingui'),
  fr: () => import('#client/locales/fr/amounts.json?lingui'),
  es: () => import('#client/locales/es/amounts.json?lingui'),
  it: () => import('#client/locales/it/amounts.json?lingui'),
})

type Translate = (id: string, values?: Record<string, unknown>) => string

export interface AmountWords {
  /** "1 drop", "12 drops", "1,234 drops", "< 1 drop". */
  drops: (drops: number, exact?: number) => string
  /** Whole drops alone: "12", "1.234" in German, "< 1". */
  dropCount: (drops: number, exact?: number) => string
  /** An amount to its unit's step, "< 0.01" where rounding left some oil at nothing. */
  shown: (shown: number, exact: number, unit: AmountUnit) => string
  /** An amount to its unit's step: "10.00", "10,00". */
  amount: (value: number, unit?: AmountUnit) => string
  /** A weight to its unit's step, with the unit: "2.75 g", "2,75 g". */
  inUnit: (grams: number, unit: WeightUnit) => string
  /** A shown amount in its column's unit, its grams beside for ounces and pounds: "0.320 oz (9.07 g)". */
  weight: (amount: ShownWeight, column: WeightUnit) => string
  /** A unit's name: "Grams", "Gramm". */
  unitName: (unit: WeightUnit) => string
  /** A typed weight (as typed) with its unit's name: "1 gram", "2,5 Pfund". */
  withUnitName: (text: string, value: number, unit: WeightUnit) => string
}

/** The words of amounts in `language` through `t` (its section registered and loaded). */
export function amountWords(t: Translate, language: string = currentLanguage()): AmountWords {
  const shown = (value: number, exact: number, unit: AmountUnit) => formatShown(value, exact, unit, language)
  const inUnit = (grams: number, unit: WeightUnit) => {
    const exact = fromGrams(grams, unit)
    const scale = 10 ** AMOUNT_DECIMALS[unit]
    return `${shown(Math.round(exact * scale) / scale, exact, unit)} ${unit}`
  }
  return {
    drops: (drops, exact = drops) => {
      const whole = Math.round(drops)
      if (whole === 0 && exact > 0) return t('amounts.lessThanOneDrop')
      return t('amounts.drops', { count: whole, drops: formatDrops(whole, exact, language) })
    },
    dropCount: (drops, exact = drops) => formatDrops(drops, exact, language),
    shown,
    amount: (value, unit = 'g') => formatAmount(value, unit, language),
    inUnit,
    weight: (amount, column) => {
      const inGrams = `${shown(amount.shownGrams, amount.grams, 'g')} g`
      if (column === 'g') return inGrams
      return `${shown(amount.shownInUnit, fromGrams(amount.grams, column), column)} ${column} (${inGrams})`
    },
    unitName: (unit) => t(`amounts.unit.${unit}`),
    withUnitName: (text, value, unit) => t(`amounts.named.${unit}`, { count: value, weight: text }),
  }
}

/** The words of amounts in the language shown (renders again when it changes). */
export function useAmountWords(): AmountWords {
  const t = useMessages()
  return amountWords(t, currentLanguage())
}
