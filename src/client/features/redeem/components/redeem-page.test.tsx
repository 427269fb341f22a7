import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { RedeemPage } from '#client/features/redeem/components/redeem-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

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

describe('/redeem in the reader’s language (issue 37)', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('shows the page, the form, its checks and the answer in German', async () => {
    await activateLanguage('de')
    const user = userEvent.setup()
    fakeFetch({ 'POST /api/redeem': [json({ verified: true })] })
    render(
      <MemoryRouter initialEntries={['/redeem']}>
        <RedeemPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Gründungsleser-Rabatt zum Start' })).toBeInTheDocument()
    expect(screen.getByText('Geben Sie das erste Wort auf Seite 41 ein')).toBeInTheDocument()
    const month = screen.getByLabelText('Ungefährer Kaufmonat') as HTMLSelectElement
    expect(Array.from(month.options).find((o) => o.value === '2025-03')).toHaveTextContent('März 2025')
    await user.type(screen.getByLabelText('Geheimwort'), 'lavender')
    await user.click(screen.getByRole('button', { name: 'Meinen Startrabatt sichern' }))
    expect(await screen.findByText('Geben Sie eine gültige E-Mail-Adresse ein')).toBeInTheDocument()
    expect(screen.getByText('Wählen Sie, wo Sie das Buch gekauft haben')).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/Secret word|Email|Where did you|Get My Launch|Enter a valid|Founding Reader|March/)

    await user.type(screen.getByLabelText('E-Mail'), 'leserin@example.com')
    await user.selectOptions(screen.getByLabelText('Wo haben Sie das Buch gekauft?'), 'amazon-de')
    await user.selectOptions(month, '2025-02')
    await user.click(screen.getByRole('button', { name: 'Meinen Startrabatt sichern' }))
    expect(await screen.findByRole('heading', { name: 'Sie sind dabei!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Accord Beta nutzen' })).toHaveAttribute('href', '/')
    expect(document.body.textContent).not.toMatch(/You're in|emailed|Start Using/)
  })
})
