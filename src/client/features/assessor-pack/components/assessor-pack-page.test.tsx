import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BlendProject } from '#shared/api/blends.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { at, version } from '#client/testing/api-fixtures.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { AssessorPackPage } from '#client/features/assessor-pack/components/assessor-pack-page.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const bergamot = makeOil({ id: 101, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })
const a = version({ id: 11, projectId: 1, versionLetter: 'a', topOils: [at(bergamot, 30)], middleOils: [at(lavender, 70)], baseOils: [] })
const b = version({ id: 12, projectId: 1, versionLetter: 'b', topOils: [at(bergamot, 40)], middleOils: [at(lavender, 60)], baseOils: [] })
const calm: BlendProject = {
  id: 1,
  name: 'Evening Calm',
  description: null,
  blendNumber: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  versions: [a, b],
}

signInEachTest()

describe('the safety assessor pack screen', () => {
  it('starts from the address, says it is not a safety report, and keeps every choice when the server refuses', async () => {
    const api = fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'GET /api/blend-projects': json([calm]),
      'POST /api/assessor-pack': json({ error: { code: 'NOT_FOUND', message: 'That version is not one of your blends’' } }, 404),
    })
    renderSignedIn(<AssessorPackPage />, '/assessor-pack?version=11&type=lotion&oil=2&audience=pregnancy')
    expect(screen.getByRole('heading', { level: 1, name: 'Safety assessor pack' })).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent('not a safety report')
    // What the pack holds of the batches (decision 091): the newest with their full records.
    expect(screen.getByText(/20 newest batches come with their full batch records/)).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Product type' })).toHaveValue('lotion')
    expect(screen.getByRole('combobox', { name: 'Who is it for' })).toHaveValue('pregnancy')
    // Home products have no product information file: they are not offered.
    expect(within(screen.getByRole('combobox', { name: 'Product type' })).queryByRole('option', { name: 'Candles' })).toBeNull()

    const chosen = await screen.findByRole('list', { name: 'Chosen variants' })
    expect(await within(chosen).findByText(`1. Evening Calm, version ${a.referenceNumber}`)).toBeInTheDocument()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your blends' }), b.referenceNumber)
    expect(screen.queryByRole('checkbox', { name: `Evening Calm, version ${a.referenceNumber}` })).toBeNull()
    await userEvent.click(screen.getByRole('checkbox', { name: `Evening Calm, version ${b.referenceNumber}` }))
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2)

    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil (% of the product)' }))
    await userEvent.click(screen.getByRole('button', { name: 'Download the pack' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the essential oil percentage')
    expect(api.callsTo('POST /api/assessor-pack')).toHaveLength(0)

    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil (% of the product)' }), '1.5')
    await userEvent.click(screen.getByRole('button', { name: 'Download the pack' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That version is not one of your blends’')
    expect(api.callsTo('POST /api/assessor-pack')[0]!.body).toEqual({
      versionIds: [11, 12],
      productType: 'lotion',
      oilPercentage: 1.5,
      audience: 'pregnancy',
    })
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('textbox', { name: 'Essential oil (% of the product)' })).toHaveValue('1.5')
  })

  it('says when there are no blends to choose from', async () => {
    fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'GET /api/blend-projects': json([]) })
    renderSignedIn(<AssessorPackPage />, '/assessor-pack')
    expect(await screen.findByText(/You have no blends yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a blend' })).toHaveAttribute('href', '/blend')
  })

  describe('in German', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('shows the screen in German, its choices, the notice and the empty journal included, with no English left', async () => {
      await activateLanguage('de')
      fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'GET /api/blend-projects': json([]) })
      renderSignedIn(<AssessorPackPage />, '/assessor-pack?type=lotion&audience=pregnancy')
      expect(screen.getByRole('heading', { level: 1, name: 'Unterlagen für die Sicherheitsbewertung' })).toBeInTheDocument()
      expect(screen.getByRole('note')).toHaveTextContent('kein Sicherheitsbericht')
      expect(screen.getByRole('combobox', { name: 'Produktart' })).toHaveDisplayValue('Lotion / Creme')
      expect(screen.getByRole('combobox', { name: 'Für wen ist es' })).toHaveDisplayValue('Schwangerschaft')
      expect(screen.getByRole('button', { name: 'Unterlagen herunterladen' })).toBeInTheDocument()
      expect(await screen.findByText(/Sie haben noch keine Mischungen/)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Erstellen' })).toHaveAttribute('href', '/blend')
      for (const english of [
        /Safety assessor pack/,
        /not a safety report/,
        /Product type/,
        /Download the pack/,
        /You have no blends/,
        /Pregnancy/,
      ])
        expect(screen.queryByText(english)).toBeNull()
    })
  })
})
