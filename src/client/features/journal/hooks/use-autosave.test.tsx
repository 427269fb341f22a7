import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SaveStatus } from '#client/features/journal/components/save-status.tsx'
import { KEPT_ON_DEVICE, useAutosave } from '#client/features/journal/hooks/use-autosave.ts'

function Field({ save }: { save: (value: string) => Promise<unknown> }) {
  const autosave = useAutosave(save, 0)
  return (
    <>
      <button type="button" onClick={() => autosave.change('lemon')}>
        Change
      </button>
      <SaveStatus status={autosave.status} onRetry={autosave.retry} />
    </>
  )
}

describe('the autosave status', () => {
  it('says "Saved" when the server took the change', async () => {
    render(<Field save={async () => ({ id: 1 })} />)
    await act(async () => screen.getByRole('button', { name: 'Change' }).click())
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.queryByText('Saved on this device')).not.toBeInTheDocument()
  })

  it('says "Saved on this device" when the change was kept offline, never plain "Saved"', async () => {
    render(<Field save={async () => KEPT_ON_DEVICE} />)
    await act(async () => screen.getByRole('button', { name: 'Change' }).click())
    expect(await screen.findByText('Saved on this device')).toBeInTheDocument()
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
  })

  it('drops a change still waiting when cancelled, and saves nothing', async () => {
    vi.useFakeTimers()
    const save = vi.fn(async () => ({ id: 1 }))
    function Cancelled() {
      const autosave = useAutosave(save, 1000)
      return (
        <>
          <button type="button" onClick={() => autosave.change('lemon')}>
            Change
          </button>
          <button type="button" onClick={autosave.cancel}>
            Cancel
          </button>
          <SaveStatus status={autosave.status} onRetry={autosave.retry} />
        </>
      )
    }
    try {
      render(<Cancelled />)
      act(() => screen.getByRole('button', { name: 'Change' }).click())
      expect(screen.getByText('Saving…')).toBeInTheDocument()
      act(() => screen.getByRole('button', { name: 'Cancel' }).click())
      await act(() => vi.advanceTimersByTimeAsync(2000))
      expect(save).not.toHaveBeenCalled()
      expect(screen.queryByText('Saving…')).not.toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})
