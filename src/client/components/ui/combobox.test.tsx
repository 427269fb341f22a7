import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Combobox } from '#client/components/ui/combobox.tsx'
import { Label } from '#client/components/ui/label.tsx'

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry']

/** A combobox over a fixed list, filtered by what is typed; `onEnd` records requests for more. */
function FruitPicker({
  onPick = () => undefined,
  onEnd = () => undefined,
}: {
  onPick?: (fruit: string | null) => void
  onEnd?: () => void
}) {
  const [text, setText] = useState('')
  const [chosen, setChosen] = useState<string | null>(null)
  const items = FRUITS.filter((fruit) => fruit.toLowerCase().includes(text.toLowerCase()))
  return (
    <main>
      <h1>Fruit</h1>
      <Label htmlFor="fruit">Fruit</Label>
      <Combobox
        id="fruit"
        text={text}
        onTextChange={setText}
        items={text === chosen ? FRUITS : items}
        itemKey={(fruit) => fruit}
        renderItem={(fruit) => fruit}
        isSelected={(fruit) => fruit === chosen}
        onChoose={(fruit) => {
          setChosen(fruit)
          setText(fruit)
          onPick(fruit)
        }}
        onClear={() => {
          setChosen(null)
          onPick(null)
        }}
        onClose={() => chosen && setText(chosen)}
        status={`${items.length} fruits`}
        onEndReached={onEnd}
        listLabel="Fruits"
        clearLabel="Clear fruit"
        showLabel="Show the list of fruits"
        hideLabel="Close the list of fruits"
        placeholder="Search fruit"
      />
      <button type="button">Next</button>
    </main>
  )
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' })
const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')

describe('Combobox', () => {
  it('is a text field named by its label, its list closed until used', () => {
    render(<FruitPicker />)
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveAttribute('aria-autocomplete', 'list')
    expect(screen.getByRole('listbox', { hidden: true })).toHaveAccessibleName('Fruits')
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id)
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
  })

  it('opens with Down, moves with Down and Up, announces the count and chooses with Enter', async () => {
    const onPick = vi.fn()
    render(<FruitPicker onPick={onPick} />)
    await userEvent.click(screen.getByRole('heading', { name: 'Fruit' }))
    await userEvent.tab()
    expect(box()).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('listbox', { name: 'Fruits' })).toBeVisible()
    expect(active()).toHaveTextContent('Apple')
    expect(active()).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('4 fruits')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(active()).toHaveTextContent('Apricot')
    // The page stays in the accessibility tree: the list hides nothing.
    expect(screen.getByRole('heading', { name: 'Fruit' })).toBeInTheDocument()
    await userEvent.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledExactlyOnceWith('Apricot')
    expect(box()).toHaveValue('Apricot')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveFocus()
  })

  it('filters as one types and chooses with a click', async () => {
    render(<FruitPicker />)
    await userEvent.type(box(), 'ap')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Apple', 'Apricot'])
    expect(screen.getByRole('status')).toHaveTextContent('2 fruits')
    await userEvent.click(screen.getByRole('option', { name: 'Apple' }))
    expect(box()).toHaveValue('Apple')
  })

  it('closes with Escape, putting back the chosen text, and clears with a second Escape', async () => {
    const onPick = vi.fn()
    render(<FruitPicker onPick={onPick} />)
    await userEvent.type(box(), 'Che')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    expect(box()).toHaveValue('Cherry')
    await userEvent.type(box(), 'x')
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).toHaveValue('Cherry')
    await userEvent.keyboard('{Escape}')
    expect(box()).toHaveValue('')
    expect(onPick).toHaveBeenLastCalledWith(null)
  })

  it('asks for more when the active option reaches the end of the list', async () => {
    const onEnd = vi.fn()
    render(<FruitPicker onEnd={onEnd} />)
    await userEvent.click(box())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(onEnd).not.toHaveBeenCalled()
    await userEvent.keyboard('{ArrowDown}')
    expect(active()).toHaveTextContent('Cherry')
    expect(onEnd).toHaveBeenCalled()
  })

  it('clears with its button and leaves the list with Tab', async () => {
    const onPick = vi.fn()
    render(<FruitPicker onPick={onPick} />)
    await userEvent.type(box(), 'Ban')
    await userEvent.click(screen.getByRole('button', { name: 'Clear fruit' }))
    expect(box()).toHaveValue('')
    expect(box()).toHaveFocus()
    expect(onPick).toHaveBeenLastCalledWith(null)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
  })
})
