import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ComplianceAnswer } from '#shared/api/compliance.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { version } from '#client/testing/api-fixtures.ts'
import { MakeCompliantPanel } from '#client/features/calculator/components/make-compliant/make-compliant-panel.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const bergamot = makeOil({ id: 101, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })
const lemon = makeOil({ id: 104, name: 'Lemon', noteType: ['Top'], scentFamily: 'Citrus' })
const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const o = (oil: { id: number; name: string }, percentage: number) => ({ id: oil.id, name: oil.name, percentage })

const current = { topOils: [o(bergamot, 15), o(lemon, 15)], middleOils: [o(lavender, 50)], baseOils: [o(lavender, 20)] }
const common = {
  blend: { id: 1, name: 'Bright Lotion' },
  version: { id: 12, referenceNumber: '001b' },
  productType: 'lotion',
  productPercentage: 3,
  current,
  unknown: [{ oilId: 102, name: 'Lavender', kind: 'dermal' as const, message: 'No published maximum on file for Lavender' }],
  notChecked: ['IFRA limits: not checked without the batch weight, which decides the lots (and their certificates) a batch draws.'],
}
const limit = { oilId: 101, name: 'Bergamot', kind: 'dermal' as const, maxPercent: 0.4, source: 'Tisserand & Young 2014' }
const proposal: ComplianceAnswer = {
  outcome: 'proposal',
  ...common,
  message: '2 oils change within their layer; the top, middle and base totals stay as they are, and every limit on file is met at 3%.',
  proposed: { ...current, topOils: [o(bergamot, 13.33), o(lemon, 16.67)] },
  ownOils: null,
  accords: [],
  oils: [
    { kind: 'oil', layer: 'Top', id: 101, name: 'Bergamot', before: 15, after: 13.33, delta: -1.67 },
    { kind: 'oil', layer: 'Top', id: 104, name: 'Lemon', before: 15, after: 16.67, delta: 1.67 },
  ],
  change: 3.34,
  limits: [{ ...limit, before: 0.45, after: 0.3999, binding: true }],
}
const infeasible: ComplianceAnswer = {
  outcome: 'infeasible',
  ...common,
  message: 'No change inside the layers brings this blend within every limit while the top, middle and base totals stay as they are.',
  highestPercentage: 1.33,
  limitingOil: { id: 101, name: 'Bergamot', kind: 'dermal', source: 'Tisserand & Young 2014' },
  limits: [{ ...limit, before: 0.9, after: 0.9, binding: false }],
}

const PATH = 'POST /api/blends/1/versions/12/compliance'

function renderPanel(routes: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json([bergamot, lemon, lavender]),
    'GET /api/shelf/oils': json({ items: [], currency: null }),
    ...routes,
  })
  const props = { onUsePercentage: vi.fn(), onSaved: vi.fn(), onClose: vi.fn() }
  renderSignedIn(<MakeCompliantPanel blendId={1} versionId={12} productType="lotion" productPercentage={3} {...props} />)
  return { api, ...props }
}

describe('Make it compliant (the panel)', () => {
  signInEachTest()

  it('shows the proposal layer by layer, saves it only when asked, with one idempotency key, and hands the new version over', async () => {
    const saved = {
      ...version({ id: 13, projectId: 1, versionLetter: 'c', ...proposal.proposed }),
      outcome: 'versioned',
      blend: common.blend,
    }
    const { api, onSaved } = renderPanel({ [PATH]: json(proposal), [`${PATH}/save`]: json({ version: saved, proposal }, 201) })
    expect(await screen.findByText(/every limit on file is met at 3%/)).toBeInTheDocument()
    expect(api.callsTo(PATH)[0]!.body).toEqual({ productType: 'lotion', productPercentage: 3 })
    const top = screen.getByRole('region', { name: 'Top' })
    expect(top).toHaveTextContent('30% in both')
    expect(top).toHaveTextContent('13.33%')
    expect(screen.getByText(/Not checked, so not raised: Lavender/)).toBeInTheDocument()
    expect(api.callsTo(`${PATH}/save`)).toHaveLength(0)

    await userEvent.click(screen.getByRole('button', { name: 'Save as new version' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(13))
    const [call] = api.callsTo(`${PATH}/save`)
    expect(call!.body).toEqual({ productType: 'lotion', productPercentage: 3 })
    expect(call!.headers.get('idempotency-key')).toMatch(/\S/)
  })

  it('says when no change can do it, and offers the highest percentage', async () => {
    const { onUsePercentage } = renderPanel({ [PATH]: json(infeasible) })
    expect(await screen.findByText(/No change inside the layers/)).toBeInTheDocument()
    expect(screen.getByText(/Highest percentage within every limit/)).toHaveTextContent('1.33%')
    await userEvent.click(screen.getByRole('button', { name: 'Use 1.33%' }))
    expect(onUsePercentage).toHaveBeenCalledWith(1.33)
  })

  it('says a failed proposal failed, with Try again', async () => {
    renderPanel({ [PATH]: [json({ error: { code: 'INTERNAL', message: 'boom' } }, 500), json(proposal)] })
    await userEvent.click(await screen.findByRole('button', { name: /try again/i }))
    expect(await screen.findByText(/every limit on file is met/)).toBeInTheDocument()
  })
})
