import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { IfraPanel, IfraResult, RecordedIfra } from '#client/components/ifra-check.tsx'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { ifraCheck } from '#client/testing/ifra-fixtures.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'

const check = ifraCheck

describe('the IFRA check', () => {
  it('names the maximum % of the blend beside the chosen %, the limiting oil, flags a batch over it and an unknown oil', () => {
    render(<IfraResult check={check()} />)
    expect(screen.getByTestId('ifra-maximum')).toHaveTextContent(
      'Maximum 1% of the blend in this product (at most: some limits are unknown), limited by Bergamot (0.3% of the product at 30% of the blend). You chose 2%.',
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Above the IFRA maximum')
    const unknown = screen.getByRole('list', { name: 'Oils whose IFRA limit is unknown' })
    expect(within(unknown).getByText('Atlas Cedarwood: unknown (its bottle has no IFRA certificate: lot CED-3).')).toBeInTheDocument()
  })

  it('says within only when every oil is known and none is over', () => {
    render(<IfraResult check={check({ status: 'within', complete: true, oilPercentage: 0.5, oils: [check().oils[0]!] })} />)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText("Within the IFRA limits of every oil's certificate.")).toBeInTheDocument()
  })

  it('on a recorded batch, names the amendment, or that none was recorded', () => {
    const { unmount } = render(<RecordedIfra check={check()} />)
    expect(screen.getByText('Recorded when the batch was made, from certificates of the 51st amendment.')).toBeInTheDocument()
    unmount()
    render(<RecordedIfra check={null} />)
    expect(screen.getByText(/No IFRA check was recorded with this batch/)).toBeInTheDocument()
  })
})

describe('the calculator’s IFRA panel', () => {
  signInEachTest()
  const batch = { versionId: 12, productType: 'lotion', weight: 100, unit: 'g' as const, oilPercentage: 2 }

  it('offers "Make it compliant" under a batch over the IFRA maximum, and not under one within it', async () => {
    fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'POST /api/ifra/check': json(check()) })
    const over = renderSignedIn(<IfraPanel batch={batch} overAction={<button type="button">Make it compliant</button>} />)
    expect(await screen.findByText(/Above the IFRA maximum/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Make it compliant' })).toBeInTheDocument()
    over.unmount()

    fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'POST /api/ifra/check': json(check({ status: 'within', oilPercentage: 0.5 })),
    })
    renderSignedIn(<IfraPanel batch={{ ...batch, oilPercentage: 0.5 }} overAction={<button type="button">Make it compliant</button>} />)
    expect(await screen.findByTestId('ifra-maximum')).toHaveTextContent('Maximum 1% of the blend')
    expect(screen.queryByRole('button', { name: 'Make it compliant' })).toBeNull()
  })
})
