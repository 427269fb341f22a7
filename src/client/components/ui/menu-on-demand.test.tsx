import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MenuOnDemand, type OnDemandMenuProps } from '#client/components/ui/menu-on-demand.tsx'

function LoadedMenu({ trigger, defaultOpen }: OnDemandMenuProps) {
  return (
    <div>
      {trigger}
      <p>{defaultOpen ? 'menu open' : 'menu closed'}</p>
    </div>
  )
}

const trigger = (
  <button type="button" aria-label="Account menu">
    A
  </button>
)

describe('MenuOnDemand', () => {
  it('draws a menu button at once, and loads the menu only when it is wanted', async () => {
    const load = vi.fn(async () => LoadedMenu)
    render(<MenuOnDemand trigger={trigger} load={load} />)
    const button = screen.getByRole('button', { name: 'Account menu' })
    expect(button).toHaveAttribute('aria-haspopup', 'menu')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(load).not.toHaveBeenCalled()
    await userEvent.click(button)
    expect(await screen.findByText('menu open')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('starts the load when pointed at or focused, once, and opens with ArrowDown as a menu button does', async () => {
    const load = vi.fn(async () => LoadedMenu)
    render(<MenuOnDemand trigger={trigger} load={load} />)
    const button = screen.getByRole('button', { name: 'Account menu' })
    await userEvent.hover(button)
    await act(async () => button.focus())
    expect(load).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{ArrowDown}')
    expect(await screen.findByText('menu open')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again on the next press when the menu could not load (offline)', async () => {
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch')
      return LoadedMenu
    })
    render(<MenuOnDemand trigger={trigger} load={load} />)
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }))
    await act(async () => undefined)
    expect(screen.queryByText('menu open')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false')
    online = true
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }))
    expect(await screen.findByText('menu open')).toBeInTheDocument()
  })
})
