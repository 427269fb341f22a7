import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EditorSaveBar, scrollToClear } from '#client/features/journal/components/editor-save-bar.tsx'

describe('the distance that clears the save bar', () => {
  it('is nothing when the field already ends above the bar', () => {
    expect(scrollToClear({ top: 400, bottom: 440 }, 700)).toBe(0)
    expect(scrollToClear({ top: 640, bottom: 688 }, 700)).toBe(0)
  })

  it('lifts a covered field to 12 px above the bar', () => {
    expect(scrollToClear({ top: 690, bottom: 730 }, 700)).toBe(42)
    expect(scrollToClear({ top: 650, bottom: 690 }, 700)).toBe(2)
  })

  it('never pushes the field’s top off the screen', () => {
    expect(scrollToClear({ top: 30, bottom: 900 }, 700)).toBe(18)
  })
})

describe('EditorSaveBar', () => {
  afterEach(() => vi.restoreAllMocks())

  function renderEditor() {
    render(
      <div>
        <label htmlFor="lemon">Lemon percentage</label>
        <input id="lemon" />
        <EditorSaveBar total={100} emptyLayer={false}>
          <button type="button">Save Version</button>
        </EditorSaveBar>
      </div>,
    )
    const bar = screen.getByRole('button', { name: 'Save Version' }).parentElement!
    const field = screen.getByLabelText('Lemon percentage')
    return { bar, field }
  }

  it('scrolls a field it covers into view above it when the field gets focus', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    const { bar, field } = renderEditor()
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 700, width: 390, height: 120 }))
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 710, width: 100, height: 36 }))
    field.focus()
    expect(scrollBy).toHaveBeenCalledWith({ top: 58, behavior: 'instant' })
  })

  it('leaves the page alone for a field it does not cover, and for its own buttons', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {})
    const { bar, field } = renderEditor()
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 700, width: 390, height: 120 }))
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 300, width: 100, height: 36 }))
    field.focus()
    screen.getByRole('button', { name: 'Save Version' }).focus()
    expect(scrollBy).not.toHaveBeenCalled()
  })
})
