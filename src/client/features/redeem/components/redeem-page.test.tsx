import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { RedeemPage } from '#client/features/redeem/components/redeem-page.tsx'

// The request schema checks the month against the clock: the form's clock and the schema's agree.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2025, 2, 15), toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('/redeem after a wrong secret word', () => {
  it('offers to try again, back on the form with what was typed and the word to type anew', async () => {
    const user = userEvent.setup()
    const { callsTo } = fakeFetch({ 'POST /api/redeem': [json({ verified: false }), json({ verified: true })] })
    render(
      <MemoryRouter initialEntries={['/redeem']}>
        <RedeemPage />
      </MemoryRouter>,
    )
    await user.type(screen.getByLabelText('Email'), 'reader@example.com')
    await user.selectOptions(screen.getByLabelText('Where did you buy the book?'), 'amazon-uk')
    await user.selectOptions(screen.getByLabelText('Approximate purchase month'), '2025-02')
    await user.type(screen.getByLabelText('Secret word'), 'rosemary')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))

    expect(await screen.findByRole('heading', { name: 'Thanks!' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try the secret word again' }))

    // The form again, as it was sent, the secret word empty and ready to type.
    const word = await screen.findByLabelText('Secret word')
    expect(word).toHaveValue('')
    expect(word).toHaveFocus()
    expect(screen.getByLabelText('Email')).toHaveValue('reader@example.com')
    expect(screen.getByLabelText('Where did you buy the book?')).toHaveValue('amazon-uk')
    expect(screen.getByLabelText('Approximate purchase month')).toHaveValue('2025-02')

    await user.type(word, 'lavender')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    expect(await screen.findByRole('heading', { name: "You're in!" })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try the secret word again' })).toBeNull()
    expect(callsTo('POST /api/redeem').map((call) => (call.body as { secretWord: string }).secretWord)).toEqual(['rosemary', 'lavender'])
  })
})
