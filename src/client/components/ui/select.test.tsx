import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'

const SORTS = ['Newest', 'Name (A-Z)', 'Name (Z-A)', 'Most tested']

function SortSelect({ onChange = () => undefined, initial = 'Newest' }: { onChange?: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <main>
      <h1>Journal</h1>
      <button type="button">Before</button>
      <Label htmlFor="sort">Sort by</Label>
      <Select
        id="sort"
        placeholder="Choose an order"
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          onChange(event.target.value)
        }}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {sort}
          </option>
        ))}
      </Select>
      <button type="button">Next</button>
    </main>
  )
}

const sortBox = () => screen.getByRole('combobox', { name: 'Sort by' })

describe('Select', () => {
  it('is the browser’s own select, named by its label, showing the chosen option', () => {
    render(<SortSelect />)
    expect(sortBox().tagName).toBe('SELECT')
    expect(sortBox()).toHaveValue('Newest')
    expect(screen.getByRole('option', { name: 'Newest' })).toHaveProperty('selected', true)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose an order', ...SORTS])
  })

  it('shows its placeholder until something is chosen, and the placeholder cannot be chosen', () => {
    render(<SortSelect initial="" />)
    expect(sortBox()).toHaveValue('')
    expect(screen.getByRole('option', { name: 'Choose an order' })).toBeDisabled()
    expect(screen.getByRole('option', { name: 'Choose an order' })).toHaveProperty('selected', true)
  })

  it('is reached with Tab in the order of the page and chosen from by its options', async () => {
    const onChange = vi.fn()
    render(<SortSelect onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: 'Before' }))
    await userEvent.tab()
    expect(sortBox()).toHaveFocus()
    await userEvent.selectOptions(sortBox(), 'Name (Z-A)')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Name (Z-A)')
    expect(sortBox()).toHaveValue('Name (Z-A)')
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()
  })

  it('takes an aria-label where no label is shown, and marks itself invalid', () => {
    render(
      <Select aria-label="Unit" aria-invalid="true" defaultValue="g">
        <option value="mL">mL</option>
        <option value="g">g</option>
      </Select>,
    )
    const unit = screen.getByRole('combobox', { name: 'Unit' })
    expect(unit).toHaveValue('g')
    expect(unit).toBeInvalid()
  })

  it('cannot be chosen from while disabled', async () => {
    const onChange = vi.fn()
    render(
      <Select aria-label="Oil" disabled value="" onChange={onChange} placeholder="Loading oils...">
        <option value="1">Lavender</option>
      </Select>,
    )
    expect(screen.getByRole('combobox', { name: 'Oil' })).toBeDisabled()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Oil' }), '1').catch(() => undefined)
    expect(onChange).not.toHaveBeenCalled()
  })
})
