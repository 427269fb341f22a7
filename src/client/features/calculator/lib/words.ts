/**
 * The calculator's words for the shared domain's English names (product types, rate bases, amount
 * fields, units, layers, the usage guide): each is looked up in the calculator's catalog section
 * by its id (product types in the `common` section, which every screen naming one shares), the
 * English there exactly the domain's, so every language shows its own.
 */
import type { NoteType } from '#shared/domain/vocabulary.ts'
import type { ProductType } from '#shared/domain/safety.ts'
import type { RateBasis } from '#shared/domain/calculator.ts'
import type { WeightUnit } from '#shared/domain/units.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'

/** The catalog's lookup, as useMessages gives it. */
export type Translate = (id: string, values?: Record<string, unknown>) => string

const PRODUCT_TYPE_IDS: Readonly<Record<string, string>> = {
  diffuser: 'diffuser',
  'bath-salts': 'bathSalts',
  lotion: 'lotion',
  'leave-on': 'leaveOn',
  'cold-process-soap': 'coldProcessSoap',
  'melt-and-pour-soap': 'meltAndPourSoap',
  'rinse-off': 'rinseOff',
  'room-spray': 'roomSpray',
  'bath-bombs': 'bathBombs',
  'wax-melts': 'waxMelts',
  candles: 'candles',
  'neat-accord': 'neatAccord',
}

/** A product type's name in the shown language (the `common` section's, #client/lib/product-type-words.ts). */
export function productTypeLabel(t: Translate, type: Pick<ProductType, 'id' | 'label'>): string {
  return productTypeName(t, type.id, type.label)
}

/** Why a product type's default, where its typical rate is not a percentage. */
export function productTypeNote(t: Translate, type: Pick<ProductType, 'id' | 'defaultNote'>): string {
  const id = PRODUCT_TYPE_IDS[type.id]
  return type.defaultNote && id ? t(`calculator.productNote.${id}`) : ''
}

const RATES: Readonly<Record<string, string>> = {
  '5-8 drops': 'calculator.rate.diffuser',
  '10-15 drops per cup': 'calculator.rate.bathSalts',
}

/** A typical rate ('1-3%', '5-8 drops') in the shown language. */
export const rateText = (t: Translate, rate: string): string => (RATES[rate] ? t(RATES[rate]) : rate)

const USAGE_IDS: Readonly<Record<string, string>> = {
  Diffuser: 'diffuser',
  'Bath salts': 'bathSalts',
  'Lotion/cream': 'lotion',
  'Cold process soap': 'coldProcessSoap',
  'Melt and pour soap': 'meltAndPourSoap',
  'Room spray': 'roomSpray',
  'Bath bombs': 'bathBombs',
  'Wax melts': 'waxMelts',
  Candles: 'candles',
}

/** A row of the usage guide (docs/product.md §9) in the shown language. */
export function usageLabel(t: Translate, label: string): string {
  const id = USAGE_IDS[label]
  return id ? t(`calculator.usage.${id}`) : label
}

const BASIS_IDS: Readonly<Record<RateBasis, string>> = {
  product: 'product',
  'oils-percent': 'oilsPercent',
  'oils-oz-per-lb': 'oilsOzPerLb',
}

/** What the rate is measured against, as the radio says it. */
export const basisLabel = (t: Translate, basis: RateBasis): string => t(`calculator.basis.${BASIS_IDS[basis]}`)

/** The weight and rate fields' labels for a basis. */
export const amountFields = (t: Translate, basis: RateBasis) => ({
  weight: t(`calculator.field.weight.${BASIS_IDS[basis]}`),
  rate: t(`calculator.field.rate.${BASIS_IDS[basis]}`),
})

const MISSING: Readonly<Record<string, string>> = {
  blend: 'calculator.missing.blend',
  'total product weight': 'calculator.missing.productWeight',
  "weight of the soap's oils": 'calculator.missing.soapOilsWeight',
  'essential oil percentage': 'calculator.missing.percentage',
  'essential oil rate': 'calculator.missing.rate',
}

/** A missing input (missingInputs) in the shown language. */
export const missingLabel = (t: Translate, field: string): string => (MISSING[field] ? t(MISSING[field]) : field)

/** A weight unit's name (Grams, Ounces, Pounds). */
export const unitLabel = (t: Translate, unit: WeightUnit): string => t(`calculator.unit.${unit}`)

/** A layer's name (Top, Middle, Base). */
export function layerLabel(t: Translate, layer: NoteType | string): string {
  return layer === 'Top' || layer === 'Middle' || layer === 'Base' ? t(`calculator.layer.${layer.toLowerCase()}`) : layer
}
