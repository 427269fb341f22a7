import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Label } from '#client/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx'

const SORTS = ['Newest', 'Name (A-Z)', 'Name (Z-A)', 'Most tested']

function SortSelect({ onChange = () => undefined }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('Newest')
  return (
    <main>
      <h1>Journal</h1>
      <Label htmlFor="sort">Sort by</Label>
      <Select
        value={value}
        onValueChange={(next) => {
          setValue(next)
          onChange(next)
        }}
      >
        <SelectTrigger id="sort">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORTS.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {sort}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <button type="button">Next</button>
    </main>
  )
}

const sortBox = () => screen.getByRole('combobox', { name: 'Sort by' })
const highlighted = () => document.getElementById(sortBox().getAttribute('aria-activedescendant') ?? '')

describe('Select', () => {
  it("shows the chosen option's label, with the list closed and out of the accessibility tree", () => {
    render(<SortSelect />)
    expect(sortBox()).toHaveTextContent('Newest')
    expect(sortBox()).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('opens without hiding the page: the heading and the other controls stay in the accessibility tree', async () => {
    render(<SortSelect />)
    await userEvent.click(sortBox())
    const list = screen.getByRole('listbox', { name: 'Sort by' })
    expect(sortBox()).toHaveAttribute('aria-expanded', 'true')
    expect(sortBox()).toHaveAttribute('aria-controls', list.id)
    expect(screen.getByRole('heading', { name: 'Journal' })).toBeInTheDocument()
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-hidden')
    expect(document.querySelector('[aria-hidden="true"] button')).toBeNull()
    expect(screen.getByRole('option', { name: 'Newest' })).toHaveAttribute('aria-selected', 'true')
    // Focus stays on the combobox, which points at the highlighted option.
    expect(sortBox()).toHaveFocus()
    expect(highlighted()).toHaveTextContent('Newest')
  })

  it('moves with the arrow keys, Home and End, and picks with Enter', async () => {
    const onChange = vi.fn()
    render(<SortSelect onChange={onChange} />)
    sortBox().focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(highlighted()).toHaveTextContent('Newest')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(highlighted()).toHaveTextContent('Name (Z-A)')
    await userEvent.keyboard('{End}')
    expect(highlighted()).toHaveTextContent('Most tested')
    await userEvent.keyboard('{Home}{ArrowUp}')
    expect(highlighted()).toHaveTextContent('Newest')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(onChange).toHaveBeenCalledWith('Name (A-Z)')
    expect(sortBox()).toHaveTextContent('Name (A-Z)')
    expect(sortBox()).toHaveAttribute('aria-expanded', 'false')
    expect(sortBox()).toHaveFocus()
  })

  it('closes with Escape and keeps the choice it had', async () => {
    const onChange = vi.fn()
    render(<SortSelect onChange={onChange} />)
    sortBox().focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(onChange).not.toHaveBeenCalled()
    expect(sortBox()).toHaveTextContent('Newest')
  })

  it('jumps to an option by its first letters, opening the list', async () => {
    render(<SortSelect />)
    sortBox().focus()
    await userEvent.keyboard('m')
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    expect(highlighted()).toHaveTextContent('Most tested')
    await userEvent.keyboard('{Enter}')
    expect(sortBox()).toHaveTextContent('Most tested')
  })

  it('picks the highlighted option with Tab, as a native select does', async () => {
    const onChange = vi.fn()
    render(<SortSelect onChange={onChange} />)
    sortBox().focus()
    await userEvent.keyboard('{ArrowDown}{End}')
    await userEvent.tab()
    expect(onChange).toHaveBeenCalledWith('Most tested')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('picks with a click, and a second click on the trigger closes the list', async () => {
    render(<SortSelect />)
    await userEvent.click(sortBox())
    await userEvent.click(screen.getByRole('option', { name: 'Name (Z-A)' }))
    expect(sortBox()).toHaveTextContent('Name (Z-A)')
    expect(sortBox()).toHaveFocus()
    await userEvent.click(sortBox())
    expect(screen.getByRole('listbox')).toBeInTheDocument()
    await userEvent.click(sortBox())
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })
})
