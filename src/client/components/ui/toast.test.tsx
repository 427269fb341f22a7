import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { toast, ToastOutlet } from '#client/components/ui/toast.tsx'

describe('toast', () => {
  it('shows a destructive toast with its title and description', async () => {
    render(<ToastOutlet />)
    act(() => {
      toast.error('Incomplete blend', {
        description: 'Please ensure all notes are selected and the blend has a name.',
      })
    })
    expect(await screen.findByText('Incomplete blend')).toBeInTheDocument()
    expect(screen.getByText('Please ensure all notes are selected and the blend has a name.')).toBeInTheDocument()
    expect(screen.getByText('Incomplete blend').closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
  })

  it('keeps at most one toast visible', async () => {
    render(<ToastOutlet />)
    act(() => {
      toast.success('Blend saved to journal!', { description: 'Your blend has been added to your journal.' })
      toast.success('Blend renamed')
    })
    await screen.findByText('Blend renamed')
    const visible = document.querySelectorAll('[data-sonner-toast][data-visible="true"]')
    expect(visible).toHaveLength(1)
  })
})
