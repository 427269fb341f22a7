import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { BottleDeclaration } from '#shared/api/labels.ts'
import type { Bottle, BottleList, ShelfOilList } from '#shared/api/shelf.ts'
import { fakeFetch, fakeJwt, json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { ShelfPage } from '#client/features/shelf/components/shelf-page.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'
import { activateLanguage } from '#client/lib/i18n.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const lavender = makeOil({ id: 7, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })

function bottle(overrides: Partial<Bottle> & Pick<Bottle, 'id'>): Bottle {
  return {
    oilId: lavender.id,
    oilSlug: 'lavender',
    oilName: 'Lavender',
    unit: 'mL',
    size: 10,
    remaining: 10,
    sizeMl: 10,
    remainingMl: 10,
    price: 8,
    supplier: 'Aromatics Ltd',
    lotCode: 'L-42',
    purchasedOn: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    declaredAllergens: null,
    ...overrides,
  }
}

const page = (items: Bottle[]): BottleList => ({ items, nextCursor: null })
const EMPTY_OILS: ShelfOilList = { items: [], currency: null }
const declaration = (items: BottleDeclaration['items'], declaresNone = false): BottleDeclaration => ({
  bottleId: 1,
  basis: 'w/w',
  items,
  declaresNone,
  updatedAt: '2026-11-20T10:00:00.000Z',
})

function renderShelf(routes: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json([lavender]),
    'GET /api/ingredients': json({ items: [] }),
    'GET /api/me/settings': json({ currency: 'EUR', language: null }),
    'GET /api/shelf/oils': json(EMPTY_OILS),
    ...routes,
  })
  renderSignedIn(<ShelfPage />)
  return api
}

// The oil's name may be shown in the language too (oil-words.ts): only its start is matched.
const DE_ALLERGENS_OF = /^Allergene der Flasche Lavend/
const DE_TITLE = /^Allergene in Lavend/

async function openAllergens() {
  await userEvent.click(await screen.findByRole('button', { name: 'Allergens of Lavender bottle' }))
  // The form is a chunk of its own: the first test pays for loading it.
  return screen.findByRole('dialog', { name: 'Allergens in Lavender' })
}

signInEachTest()

describe("a bottle's allergen declaration", () => {
  it('shows on each bottle whether its allergens are declared', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json(
        page([
          bottle({ id: 1, declaredAllergens: 12 }),
          bottle({ id: 2, lotCode: 'L-43' }),
          bottle({ id: 3, lotCode: 'L-44', declaredAllergens: 0 }),
        ]),
      ),
    })
    const [declared, undeclared, none] = await screen.findAllByRole('article')
    expect(declared).toHaveTextContent('12 allergens declared')
    expect(undeclared).toHaveTextContent('No allergen declaration')
    expect(none).toHaveTextContent('Declares no Annex III allergen')
    expect(none).not.toHaveTextContent(/allergens? declared/)
  })

  it(
    'reads a pasted supplier sheet into rows, shows the lines it could not use, and saves once each is dismissed',
    { timeout: 20_000 },
    async () => {
      let saved = false
      const { callsTo } = renderShelf({
        'GET /api/shelf/bottles': () => json(page([bottle({ id: 1, declaredAllergens: saved ? 4 : null })])),
        'GET /api/shelf/bottles/1/declaration': json({ declaration: null }),
        'PUT /api/shelf/bottles/1/declaration': async (call: FetchCall) => {
          await new Promise((resolve) => setTimeout(resolve, 50))
          saved = true
          return json({ ...declaration((call.body as BottleDeclaration).items), basis: 'w/w' })
        },
      })
      const dialog = await openAllergens()
      expect(await within(dialog).findByText(/lot L-42, from Aromatics Ltd/, {}, { timeout: 5000 })).toBeInTheDocument()
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Paste from a supplier sheet' }, { timeout: 5000 }))
      const sheet = within(dialog).getByRole('textbox', { name: 'Supplier sheet' })
      fireEvent.change(sheet, {
        target: {
          value:
            'Allergen declaration\nLinalool 78-70-6 32.5 %\nLinalyl acetate 115-95-7 41\nTerpinen-4-ol 562-74-3 4,2\nLimonene;5989-27-5;<0,01\nGeraniol\t106-24-1\t0,8',
        },
      })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Read the sheet' }))

      expect(await within(dialog).findByText('Read 4 allergens from the sheet.', {}, { timeout: 5000 })).toBeInTheDocument()
      // The unread line, shown with its text beside the sheet.
      const unread = await within(dialog).findByRole('region', { name: '1 line needs you:' }, { timeout: 5000 })
      expect(unread).toHaveTextContent('Line 4: Terpinen-4-ol 562-74-3 4,2')
      expect(unread).toHaveTextContent(/Terpinen-4-ol \(562-74-3\) is not an allergen of Annex III/)
      // The rows are the form's field array: they follow the status line by a render, so wait for them.
      await waitFor(
        () => {
          expect(within(dialog).getByRole('combobox', { name: 'Allergen 1' })).toHaveValue('Linalool')
          expect(within(dialog).getByRole('textbox', { name: 'Percentage of allergen 1' })).toHaveValue('32.5')
          expect(within(dialog).getByRole('combobox', { name: 'Allergen 2' })).toHaveValue('Linalyl Acetate')
          // "<0,01": the sheet's upper limit, used as given and marked as one.
          expect(within(dialog).getByRole('combobox', { name: 'Allergen 3' })).toHaveValue('Limonene')
          expect(within(dialog).getByRole('textbox', { name: 'Percentage of allergen 3' })).toHaveValue('0.01')
          expect(within(dialog).getByRole('textbox', { name: 'Percentage of allergen 3' })).toHaveAccessibleDescription(
            /At most this: the sheet gives a limit/,
          )
          expect(within(dialog).getByRole('combobox', { name: 'Allergen 4' })).toHaveValue('Geraniol')
        },
        { timeout: 5000 },
      )

      // One row more by hand, found by its CAS number, then removed again.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add an allergen' }))
      await userEvent.type(within(dialog).getByRole('combobox', { name: 'Allergen 5' }), '97-53-0')
      await userEvent.click(await within(dialog).findByRole('option', { name: /Eugenol/ }, { timeout: 5000 }))
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Allergen 5' })).toHaveValue('Eugenol'), { timeout: 5000 })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove allergen 5' }))

      // Save asks first about the line left unread, and sends nothing.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save declaration' }))
      expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
        '1 line of the sheet was not read. Add each as a row or dismiss it before saving.',
      )
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add line 4 as a row' })).toHaveFocus())
      expect(callsTo('PUT /api/shelf/bottles/1/declaration')).toHaveLength(0)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss line 4' }))
      await waitFor(() => expect(within(dialog).queryByRole('region', { name: /needs? you/ })).not.toBeInTheDocument())

      await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Save declaration' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
      const puts = callsTo('PUT /api/shelf/bottles/1/declaration')
      expect(puts).toHaveLength(1)
      expect(puts[0]!.body).toEqual({
        basis: 'w/w',
        declaresNone: false,
        items: [
          { entryId: 'linalool', percent: 32.5 },
          { entryId: 'linalyl-acetate', percent: 41 },
          { entryId: 'limonene', percent: 0.01, upTo: true },
          { entryId: 'geraniol', percent: 0.8 },
        ],
      })
      expect(toast.success).toHaveBeenCalledWith('Declaration saved', { description: '4 allergens for Lavender.' })
      expect(await screen.findByText('4 allergens declared')).toBeInTheDocument()
    },
  )

  it(
    'adds an unread line as a row with its allergen chosen, and a figure typed over a limit is the lot’s own',
    { timeout: 20_000 },
    async () => {
      const { callsTo } = renderShelf({
        'GET /api/shelf/bottles': json(page([bottle({ id: 1 })])),
        'GET /api/shelf/bottles/1/declaration': json({ declaration: null }),
        'PUT /api/shelf/bottles/1/declaration': (call: FetchCall) => json(declaration((call.body as BottleDeclaration).items)),
      })
      const dialog = await openAllergens()
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Paste from a supplier sheet' }, { timeout: 5000 }))
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Supplier sheet' }), {
        target: { value: 'Frankincense\nd-Limonene 12 %\nalpha-Pinene 30-35 %\nLinalool max 0.5%\nCitral traces' },
      })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Read the sheet' }))
      // The Frankincense sheet is read whole: Limonene 12, Pinene up to 35, Linalool up to 0.5.
      expect(within(dialog).getByText('Read 3 allergens from the sheet.')).toBeInTheDocument()
      expect(within(dialog).getByRole('combobox', { name: 'Allergen 2' })).toHaveValue('Pinene')
      expect(within(dialog).getByRole('textbox', { name: 'Percentage of allergen 2' })).toHaveValue('35')
      expect(within(dialog).getByRole('region', { name: '1 line needs you:' })).toHaveTextContent('Citral: "traces" is not an amount')

      await userEvent.click(within(dialog).getByRole('button', { name: 'Add line 5 as a row' }))
      expect(within(dialog).getByRole('combobox', { name: 'Allergen 4' })).toHaveValue('Citral')
      const citral = within(dialog).getByRole('textbox', { name: 'Percentage of allergen 4' })
      await waitFor(() => expect(citral).toHaveFocus())
      await userEvent.type(citral, '0,02')
      // The lot's figure for pinene typed over the sheet's "30-35 %".
      const pinene = within(dialog).getByRole('textbox', { name: 'Percentage of allergen 2' })
      await userEvent.clear(pinene)
      await userEvent.type(pinene, '31.2')
      expect(pinene).not.toHaveAccessibleDescription(/At most this/)
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save declaration' }))
      await waitFor(() => expect(callsTo('PUT /api/shelf/bottles/1/declaration')).toHaveLength(1))
      expect(callsTo('PUT /api/shelf/bottles/1/declaration')[0]!.body).toEqual({
        basis: 'w/w',
        declaresNone: false,
        items: [
          { entryId: 'limonene', percent: 12 },
          { entryId: 'pinene', percent: 31.2 },
          { entryId: 'linalool', percent: 0.5, upTo: true },
          { entryId: 'citral', percent: 0.02 },
        ],
      })
    },
  )

  it('says in German why each line of a pasted sheet was left unread, with no English left', { timeout: 20_000 }, async () => {
    await activateLanguage('de')
    try {
      renderShelf({
        'GET /api/shelf/bottles': json(page([bottle({ id: 1 })])),
        'GET /api/shelf/bottles/1/declaration': json({ declaration: null }),
      })
      await userEvent.click(await screen.findByRole('button', { name: DE_ALLERGENS_OF }))
      const dialog = await screen.findByRole('dialog', { name: DE_TITLE })
      await userEvent.click(
        await within(dialog).findByRole('button', { name: 'Aus einem Lieferantendokument einfügen' }, { timeout: 5000 }),
      )
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Lieferantendokument' }), {
        target: { value: 'Citral traces\nTerpinen-4-ol 562-74-3 4.2 %\nLimonene 150,5 %' },
      })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Dokument lesen' }))
      const unread = within(dialog).getByRole('region', { name: '3 Zeilen brauchen Sie:' })
      expect(unread).toHaveTextContent('Citral: „Spuren“ ist keine Menge.')
      expect(unread).toHaveTextContent('Terpinen-4-ol (562-74-3) ist kein Allergen aus Anhang III und wurde übersprungen.')
      expect(unread).toHaveTextContent('Limonene: 150,5 % ist mehr als das ganze Öl.')
      // The sheet's own lines are quoted as pasted ("Citral traces"); every word around them is German.
      expect(unread).not.toHaveTextContent(/is not|an amount|so it was skipped|whole oil|Add as a row|Dismiss/)
    } finally {
      await activateLanguage('en')
    }
  })

  it('saves the Cedarwood "none" sheet as a declaration of no Annex III allergen', { timeout: 20_000 }, async () => {
    let saved = false
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': () => json(page([bottle({ id: 1, declaredAllergens: saved ? 0 : null })])),
      'GET /api/shelf/bottles/1/declaration': json({ declaration: null }),
      'PUT /api/shelf/bottles/1/declaration': () => {
        saved = true
        return json(declaration([], true))
      },
    })
    const dialog = await openAllergens()
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Paste from a supplier sheet' }, { timeout: 5000 }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Supplier sheet' }), {
      target: { value: 'Cedarwood Atlas, lot C-9\nLinalool\t78-70-6\tnd\nLimonene\t5989-27-5\tnd\nGeraniol\t106-24-1\t0' },
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Read the sheet' }))
    expect(within(dialog).getByText('The sheet declares no Annex III allergen.')).toBeInTheDocument()
    expect(within(dialog).getByRole('checkbox', { name: /Declares no Annex III allergen/ })).toBeChecked()
    expect(within(dialog).queryByRole('combobox', { name: 'Allergen 1' })).not.toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save declaration' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo('PUT /api/shelf/bottles/1/declaration')[0]!.body).toEqual({ basis: 'w/w', declaresNone: true, items: [] })
    expect(toast.success).toHaveBeenCalledWith('Declaration saved', { description: 'No Annex III allergen in Lavender.' })
    expect(await screen.findByText('Declares no Annex III allergen')).toBeInTheDocument()
  })

  it('shows a saved declaration of none ticked, and gives the rows back when it is unticked', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1, declaredAllergens: 0 })])),
      'GET /api/shelf/bottles/1/declaration': json({ declaration: declaration([], true) }),
    })
    const dialog = await openAllergens()
    const none = await within(dialog).findByRole('checkbox', { name: /Declares no Annex III allergen/ }, { timeout: 5000 })
    expect(none).toBeChecked()
    expect(within(dialog).queryByRole('combobox', { name: 'Allergen 1' })).not.toBeInTheDocument()
    await userEvent.click(none)
    expect(within(dialog).getByRole('combobox', { name: 'Allergen 1' })).toHaveValue('')
  })

  it('checks the rows before asking the server: an allergen and a percentage each', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1 })])),
      'GET /api/shelf/bottles/1/declaration': json({ declaration: null }),
    })
    const dialog = await openAllergens()
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Percentage of allergen 1' }, { timeout: 5000 }), 'lots')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save declaration' }))
    expect(await within(dialog).findByText('Choose an allergen')).toBeInTheDocument()
    expect(within(dialog).getByText('The percentage is a number, such as 0.8')).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: 'Allergen 1' })).toHaveFocus()
    expect(callsTo('PUT /api/shelf/bottles/1/declaration')).toHaveLength(0)
  })

  it('marks the row the server refused, keeping what was typed, in g per 100 mL', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1, declaredAllergens: 2 })])),
      'GET /api/shelf/bottles/1/declaration': json({
        declaration: declaration([
          { entryId: 'linalool', percent: 30 },
          { entryId: 'limonene', percent: 60 },
        ]),
      }),
      'PUT /api/shelf/bottles/1/declaration': json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'body.items.1.percent: A w/v declaration totals at most 100 times the oil’s density',
            details: [{ path: 'body.items.1.percent', message: 'A w/v declaration totals at most 100 times the oil’s density' }],
          },
        },
        400,
      ),
    })
    const dialog = await openAllergens()
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'g per 100 mL' }, { timeout: 5000 }))
    const second = within(dialog).getByRole('textbox', { name: 'Percentage of allergen 2' })
    await userEvent.clear(second)
    await userEvent.type(second, '69,5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save declaration' }))
    expect(await within(dialog).findByText('A w/v declaration totals at most 100 times the oil’s density')).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please check the fields marked below.')
    expect(second).toHaveValue('69,5')
    expect(second).toHaveFocus()
    expect(second).toHaveAttribute('aria-invalid', 'true')
  })

  it('removes the declaration after the confirmation', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1, declaredAllergens: 1 })])),
      'GET /api/shelf/bottles/1/declaration': json({ declaration: declaration([{ entryId: 'linalool', percent: 30 }]) }),
      'DELETE /api/shelf/bottles/1/declaration': new Response(null, { status: 204 }),
    })
    const dialog = await openAllergens()
    expect(await within(dialog).findByRole('combobox', { name: 'Allergen 1' }, { timeout: 5000 })).toHaveValue('Linalool')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove declaration' }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove this declaration?' })
    expect(callsTo('DELETE /api/shelf/bottles/1/declaration')).toHaveLength(0)
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove declaration' }))
    await waitFor(() => expect(callsTo('DELETE /api/shelf/bottles/1/declaration')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toast.success).toHaveBeenCalledWith('Declaration removed', { description: 'Lavender has no allergen declaration now.' })
  })

  it('says when the declaration cannot be loaded, and tries again', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1 })])),
      'GET /api/shelf/bottles/1/declaration': [
        json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500),
        json({ declaration: null }),
      ],
    })
    const dialog = await openAllergens()
    expect(await within(dialog).findByText("This bottle's declaration could not be loaded.", {}, { timeout: 5000 })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('button', { name: 'Save declaration' })).toBeInTheDocument()
    expect(callsTo('GET /api/shelf/bottles/1/declaration').length).toBeGreaterThanOrEqual(2)
  })
})
