import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Trash2 } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'

/** A promise the test settles by hand, to look at the dialog while the action runs. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

function renderDialog(onConfirm: () => Promise<'stay' | void>, cancelLabel?: string) {
  render(
    <ConfirmDialog
      trigger={<Button>Delete</Button>}
      title="Delete this thing?"
      description="It leaves for good."
      icon={Trash2}
      confirmLabel="Delete it"
      pendingLabel="Deleting..."
      cancelLabel={cancelLabel}
      onConfirm={onConfirm}
    />,
  )
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
  return screen.findByRole('dialog', { name: 'Delete this thing?' })
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with the title and the sentence, and Cancel closes it without acting', async () => {
    const onConfirm = vi.fn(async () => {})
    renderDialog(onConfirm)
    const dialog = await openDialog()
    expect(within(dialog).getByText('It leaves for good.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('runs the action once for a double press, disables both buttons while it runs, then closes', async () => {
    const action = deferred<void>()
    const onConfirm = vi.fn(() => action.promise)
    renderDialog(onConfirm, 'Keep it')
    const dialog = await openDialog()
    const confirm = within(dialog).getByRole('button', { name: 'Delete it' })
    await userEvent.dblClick(confirm)
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeDisabled()
    // Escape does not dismiss it mid-action.
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Delete this thing?' })).toBeInTheDocument()
    action.resolve()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("stays open, ready to try again, when the action answers 'stay'", async () => {
    const onConfirm = vi.fn(async () => 'stay' as const)
    renderDialog(onConfirm)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete it' }))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete it' })).toBeEnabled())
    expect(screen.getByRole('dialog', { name: 'Delete this thing?' })).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete it' }))
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2))
  })
})
