import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { BottleTrace } from '#shared/api/trace.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { BottlePage } from '#client/features/batches/components/bottle-page.tsx'

const trace: BottleTrace = {
  lot: {
    bottleId: 7,
    oilId: 102,
    oilName: 'Lavender',
    lotCode: 'LV-2611',
    supplier: null,
    purchasedOn: '2026-11-02',
    openedOn: null,
    bestBefore: null,
    unit: 'mL',
    size: 10,
    remaining: 7.5,
  },
  documents: [],
  batchCount: 1,
  batches: {
    items: [
      {
        batchId: 3,
        code: 'EC-001',
        madeOn: '2026-11-20',
        productType: 'lotion',
        blendId: 1,
        blendName: 'Evening Calm',
        versionId: 11,
        reference: '001a',
        weight: 200,
        unit: 'g',
        oilPercentage: 1.5,
        units: 4,
        lotAmount: 1.25,
        lotUnit: 'mL',
        lotMl: 1.25,
      },
    ],
    nextCursor: null,
  },
}

signInEachTest()

function renderBottle() {
  fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'GET /api/shelf/bottles/7/trace': json(trace) })
  renderSignedIn(
    <Routes>
      <Route path="/shelf/bottles/:id" element={<BottlePage />} />
    </Routes>,
    '/shelf/bottles/7',
  )
}

describe('the bottle page', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('traces the lot to its batches in English', async () => {
    renderBottle()
    expect(await screen.findByRole('heading', { level: 1, name: 'Lavender, lot LV-2611' })).toBeInTheDocument()
    expect(screen.getByText('1 batch drew from this lot. If the lot is faulty, these are the batches it went into.')).toBeInTheDocument()
    expect(screen.getByText('7.5 mL of 10 mL')).toBeInTheDocument()
    expect(screen.getAllByText('2 Nov 2026')).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Print recall list' })).toBeInTheDocument()
  })

  it('is German in German, its days and numbers too, with no English left', async () => {
    await activateLanguage('de')
    renderBottle()
    expect(await screen.findByRole('heading', { level: 1, name: 'Lavendel, Los LV-2611' })).toBeInTheDocument()
    expect(screen.getByText(/1 Charge hat aus diesem Los entnommen/)).toBeInTheDocument()
    expect(screen.getByText('7,5 mL von 10 mL')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Rückrufliste drucken' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Zurück zum Regal' })).toBeInTheDocument()
    expect(screen.getAllByText(/Lotion \/ Creme/)).not.toHaveLength(0)
    for (const english of [/Back to the shelf/, /drew from this lot/, /Print recall list/, /Not recorded/, /Lotion \/ cream/, /Nov 2026/])
      expect(screen.queryByText(english)).toBeNull()
  })
})
