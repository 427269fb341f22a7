import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RedeemForm } from '#client/features/redeem/components/redeem-form.tsx'
import { KNOWN_REDEEM_PROBLEMS, redeemProblemText } from '#client/features/redeem/redeem-problems.ts'
import { i18n } from '@lingui/core'

const NOW = new Date(2025, 2, 15)

// The request schema checks the month against the clock: the form's clock and the schema's agree.
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
})

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'reader@example.com')
  await user.selectOptions(screen.getByLabelText('Where did you buy the book?'), 'amazon-uk')
  await user.selectOptions(screen.getByLabelText('Approximate purchase month'), '2025-02')
}

describe('RedeemForm', () => {
  it('says each message of the schema and the sending in English exactly as they word it', () => {
    for (const message of KNOWN_REDEEM_PROBLEMS) expect(redeemProblemText((id, values) => i18n._(id, values), message)).toBe(message)
  })

  it('offers 18 months, newest first, labelled by month name', () => {
    render(<RedeemForm onSubmit={vi.fn()} now={NOW} />)
    const options = Array.from((screen.getByLabelText('Approximate purchase month') as HTMLSelectElement).options).filter((o) => o.value)
    expect(options).toHaveLength(18)
    expect(options[0]).toHaveTextContent('March 2025')
    expect(options[0]).toHaveValue('2025-03')
  })

  it('keeps the button disabled until a secret word or a code is typed', async () => {
    const user = userEvent.setup()
    render(<RedeemForm onSubmit={vi.fn()} now={NOW} />)
    const button = screen.getByRole('button', { name: 'Get My Launch Discount' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    expect(button).toBeEnabled()
  })

  it('shows the code field only after the toggle, with its hint', async () => {
    const user = userEvent.setup()
    render(<RedeemForm onSubmit={vi.fn()} now={NOW} />)
    expect(screen.getByLabelText('Redemption code')).not.toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Have a redemption code instead?' }))
    expect(screen.getByLabelText('Redemption code')).toBeVisible()
    expect(screen.getByText('If you have a printed code from your book')).toBeVisible()
    expect(screen.getByText('Enter the first word on page 41')).toBeVisible()
  })

  it('sends a complete form, showing Verifying... meanwhile', async () => {
    const user = userEvent.setup()
    let finish = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<RedeemForm onSubmit={onSubmit} now={NOW} />)
    await fillRequired(user)
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'reader@example.com',
      marketplace: 'amazon-uk',
      purchaseMonth: '2025-02',
      secretWord: 'lavender',
      redemptionCode: '',
      honeypot: '',
    })
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled()
    finish()
  })

  it('sends once on a double click, and again after a failure', async () => {
    const user = userEvent.setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let fail = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = () => reject(new Error('Try again')))))
    render(<RedeemForm onSubmit={onSubmit} now={NOW} />)
    await fillRequired(user)
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    const button = screen.getByRole('button', { name: 'Get My Launch Discount' })
    // Two presses before React renders again: only the ref guard can stop the second.
    act(() => {
      button.click()
      button.click()
    })
    // Validation is asynchronous: let both presses through it, then only one may have been sent.
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    await act(async () => {})
    expect(onSubmit).toHaveBeenCalledTimes(1)
    await act(async () => fail())
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2))
    warn.mockRestore()
  })

  it('sends nothing when the honeypot has text', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    const { container } = render(<RedeemForm onSubmit={onSubmit} now={NOW} />)
    await fillRequired(user)
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    await user.type(trap, 'spam')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    await act(async () => {})
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows what the request schema refuses under each field, keeps what was typed, and sends once fixed', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<RedeemForm onSubmit={onSubmit} now={NOW} />)
    await user.type(screen.getByLabelText('Email'), 'reader@example')
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))

    const email = screen.getByLabelText('Email')
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address')
    expect(screen.getByText('Choose where you bought the book')).toBeInTheDocument()
    expect(screen.getByText('Use the form YYYY-MM')).toBeInTheDocument()
    expect(email).toHaveValue('reader@example')
    expect(screen.getByLabelText('Secret word')).toHaveValue('lavender')
    expect(onSubmit).not.toHaveBeenCalled()

    await user.clear(email)
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument()
    expect(email).not.toHaveAttribute('aria-invalid')
  })

  it('shows the failure and keeps what was typed', async () => {
    const user = userEvent.setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(<RedeemForm onSubmit={() => Promise.reject(new Error("We couldn't submit your claim. Please try again."))} now={NOW} />)
    await fillRequired(user)
    await user.type(screen.getByLabelText('Secret word'), 'lavender')
    await user.click(screen.getByRole('button', { name: 'Get My Launch Discount' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't submit your claim. Please try again.")
    expect(screen.getByLabelText('Email')).toHaveValue('reader@example.com')
    expect(screen.getByRole('button', { name: 'Get My Launch Discount' })).toBeEnabled()
    warn.mockRestore()
  })
})
