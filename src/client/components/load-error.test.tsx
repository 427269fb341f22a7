import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadError } from '#client/components/load-error.tsx'
import { ApiError, NOT_ON_DEVICE_MESSAGE } from '#client/lib/api-client.ts'

describe('LoadError, the one way a failed load is shown', () => {
  it("says what could not be loaded, with the server's words when given, and tries again", async () => {
    const onRetry = vi.fn()
    render(
      <LoadError
        message="Your shelf could not be loaded"
        detail="The database is not answering"
        onRetry={onRetry}
        error={new ApiError(503, 'UNAVAILABLE', 'The database is not answering')}
      />,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Your shelf could not be loaded')
    expect(alert).toHaveTextContent('The database is not answering')
    expect(alert).toHaveClass('rounded-card', 'border')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('sits in a line of the page when inline', () => {
    render(<LoadError inline message="Your blends could not be loaded just now." onRetry={() => undefined} />)
    expect(screen.getByRole('alert')).not.toHaveClass('border')
    expect(screen.getByText('Your blends could not be loaded just now.')).toBeInTheDocument()
  })

  it('says offline that the data is not on this device, with no retry to press', () => {
    render(
      <LoadError
        message="Your blends could not be loaded just now."
        onRetry={() => undefined}
        error={new ApiError(0, 'NOT_ON_DEVICE', NOT_ON_DEVICE_MESSAGE)}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(NOT_ON_DEVICE_MESSAGE)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})
