import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Bottle } from '#shared/api/shelf.ts'
import { i18n } from '@lingui/core'
import { activateLanguage } from '#client/lib/i18n.ts'
import { OilResultCard } from '#client/features/blend-creator/components/oil-result-card.tsx'
import { listAnd, listOr } from '#client/features/blend-creator/lib/creator-words.ts'
import '#client/features/blend-creator/creator-catalog.ts'
import DrawBottleChoice from '#client/features/calculator/components/draw-bottle-choice.tsx'
import '#client/features/calculator/calculator-catalog.ts'
import { lotOf } from '#client/features/shelf/components/bottle-sheet.tsx'
import { bottleCodeTarget } from '#client/features/shelf/components/shelf-page.tsx'
import '#client/features/shelf/shelf-catalog.ts'
import '#client/features/labels/labels-catalog.ts'
import '#client/lib/book-catalog.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values)

const lavenderBottle = (overrides: Partial<Bottle> & Pick<Bottle, 'id'>): Bottle => ({
  oilId: 102,
  oilSlug: 'lavender',
  oilName: 'Lavendel',
  unit: 'mL',
  size: 50,
  remaining: 50,
  sizeMl: 50,
  remainingMl: 50,
  price: 10,
  supplier: null,
  lotCode: null,
  purchasedOn: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  declaredAllergens: null,
  ...overrides,
})

/**
 * A phrase that names something is one message, its words in the language's order (German puts the
 * verb after the thing: "Lavendel auswählen", not "Auswählen Lavendel").
 */
describe('phrases that name something, in German', () => {
  beforeEach(async () => {
    await activateLanguage('de')
  })
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('names the oil before the verb on the picker’s Select and the draw’s From list', () => {
    render(
      <>
        <OilResultCard oil={{ ...CATALOG.lavender, name: 'Lavendel' }} onSelect={() => undefined} preferEffects={[]} />
        <DrawBottleChoice
          oils={[
            {
              oilId: 102,
              oilName: 'Lavendel',
              bottles: [lavenderBottle({ id: 201, lotCode: 'LAV-1', supplier: 'Oshadhi' }), lavenderBottle({ id: 202 })],
            },
          ]}
          choice={new Map()}
          onChoose={() => undefined}
          problems={new Map()}
        />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Lavendel auswählen' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Auswählen/ })).toBeNull()
    expect(screen.getByLabelText('Lavendel entnehmen aus')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /^Los LAV-1, von Oshadhi,/ })).toBeInTheDocument()
  })

  it('says a bottle’s lot, supplier and title as one phrase each', () => {
    const bottle = lavenderBottle({ id: 7, lotCode: 'LAV-1', supplier: 'Oshadhi' })
    expect(lotOf(t, bottle)).toBe('Los LAV-1, von Oshadhi')
    expect(bottleCodeTarget(t, bottle).lines).toEqual(['Los LAV-1 · Oshadhi'])
    expect(t('shelf.form.editTitle', { oil: 'Lavendel' })).toBe('Lavendel bearbeiten')
    expect(t('shelf.delete.fileLabel', { file: 'zertifikat.pdf' })).toBe('zertifikat.pdf löschen')
    expect(t('shelf.upload.sent', { percent: 40 })).toBe('40 % gesendet')
    expect(t('labels.bottle.lot', { oil: 'Lavendel', lot: 'L-12' })).toBe('Lavendel, Los L-12')
    expect(t('labels.allergens.margin', { margin: '0,2 %' })).toBe('0,2 % darunter')
    expect(t('calculator.compliant.use', { percent: '1,5 %' })).toBe('Auf 1,5 % setzen')
    expect(t('book.page.ratingWord', { rating: '5,0' })).toBe('5,0 Sterne')
    expect(listAnd(t, ['Kopf', 'Herz', 'Basis'])).toBe('Kopf, Herz und Basis')
    expect(listOr(t, ['Kopf', 'Basis'])).toBe('Kopf oder Basis')
  })
})

describe('the same phrases in English, word for word as before', () => {
  it('keeps the word before the value', () => {
    const bottle = lavenderBottle({ id: 7, oilName: 'Lavender', lotCode: 'LAV-1', supplier: 'Oshadhi' })
    expect(lotOf(t, bottle)).toBe('lot LAV-1, from Oshadhi')
    expect(bottleCodeTarget(t, bottle).lines).toEqual(['Lot LAV-1 · Oshadhi'])
    expect(t('shelf.form.editTitle', { oil: 'Lavender' })).toBe('Edit Lavender')
    expect(t('shelf.upload.sent', { percent: 40 })).toBe('Sent 40%')
    expect(t('calculator.draw.from', { oil: 'Lavender' })).toBe('From: Lavender')
    expect(t('creator.result.selectOil', { oil: 'Lavender' })).toBe('Select Lavender')
    expect(t('book.page.ratingWord', { rating: '5.0' })).toBe('5.0 rating')
    expect(t('book.page.byAuthor', { author: 'A. Author' })).toBe('by A. Author')
    expect(listAnd(t, ['top', 'middle', 'base'])).toBe('top, middle and base')
  })
})
