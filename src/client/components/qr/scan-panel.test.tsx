import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ScanDialog } from '#client/components/qr/scan-dialog.tsx'
import type { PickMode } from '#client/lib/qr/code-target.ts'

// The frames the stand-in reader "sees", one list per read; the last one repeats.
let frames: string[][] = []
let reads = 0
const closed = vi.fn()
vi.mock('#client/lib/qr/qr-reader.ts', () => ({
  createFrameReader: () =>
    Promise.resolve({
      read: () => Promise.resolve(frames[Math.min(reads++, frames.length - 1)] ?? []),
      close: closed,
    }),
}))

const stop = vi.fn()

function withCamera() {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop }] }) },
  })
}

/** The dialog in pick mode for Lavender, whose bottles on the shelf are 7 and 8. */
function renderPick(onOpenChange = vi.fn()) {
  const chosen: number[] = []
  const pick: PickMode = {
    title: 'Scan a bottle of Lavender',
    description: 'Hold the code of the bottle to draw from first.',
    onCode: (code) => {
      const id = Number(/\/shelf\/bottles\/(\d+)$/.exec(code)?.[1])
      if (id !== 7 && id !== 8) return `Bottle no. ${id} is not one of your bottles of Lavender with oil left.`
      chosen.push(id)
      return null
    },
  }
  render(
    <MemoryRouter initialEntries={['/calculator']}>
      <Routes>
        <Route path="/calculator" element={<ScanDialog open onOpenChange={onOpenChange} pick={pick} />} />
        <Route path="*" element={<p>Navigated away</p>} />
      </Routes>
    </MemoryRouter>,
  )
  return { chosen, onOpenChange }
}

beforeEach(() => {
  frames = []
  reads = 0
  closed.mockClear()
  stop.mockClear()
  HTMLMediaElement.prototype.play = () => Promise.resolve()
})
afterEach(() => vi.unstubAllGlobals())

describe('the scanner in pick mode (decision 085)', () => {
  it('says a code for another oil’s bottle is not this oil’s and keeps looking, then the right bottle is picked and the dialog closes', async () => {
    withCamera()
    frames = [[`${location.origin}/shelf/bottles/5`], [`${location.origin}/shelf/bottles/5`], [`${location.origin}/shelf/bottles/8`]]
    const { chosen, onOpenChange } = renderPick()
    expect(await screen.findByRole('heading', { name: 'Scan a bottle of Lavender' })).toBeInTheDocument()
    expect(await screen.findByText('Bottle no. 5 is not one of your bottles of Lavender with oil left.')).toBeInTheDocument()
    await waitFor(() => expect(chosen).toEqual([8]), { timeout: 3000 })
    expect(onOpenChange).toHaveBeenCalledWith(false)
    // Pick mode never opens the bottle's page.
    expect(screen.queryByText('Navigated away')).toBeNull()
  })

  it('keeps looking while only the wrong bottle is in front of the camera', async () => {
    withCamera()
    frames = [[`${location.origin}/shelf/bottles/5`]]
    const { chosen, onOpenChange } = renderPick()
    expect(await screen.findByText('Bottle no. 5 is not one of your bottles of Lavender with oil left.')).toBeInTheDocument()
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(3), { timeout: 3000 })
    expect(chosen).toEqual([])
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('takes a typed bottle number the same way when there is no camera', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined })
    const { chosen, onOpenChange } = renderPick()
    const number = await screen.findByRole('textbox', { name: 'Bottle number' })
    // Only bottles are picked: there is no bottle-or-batch choice.
    expect(screen.queryByRole('combobox', { name: 'What' })).toBeNull()
    await waitFor(() => expect(number).toHaveFocus())
    await userEvent.type(number, '5')
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }))
    expect(await screen.findByText('Bottle no. 5 is not one of your bottles of Lavender with oil left.')).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalled()
    await userEvent.clear(number)
    await userEvent.type(number, '7')
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }))
    expect(chosen).toEqual([7])
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByText('Navigated away')).toBeNull()
  })

  it('stops the camera when it closes', async () => {
    withCamera()
    frames = [[`${location.origin}/shelf/bottles/5`]]
    const onOpenChange = vi.fn()
    const view = render(
      <MemoryRouter>
        <ScanDialog
          open
          onOpenChange={onOpenChange}
          pick={{ title: 'Scan a bottle of Lavender', description: 'Hold the code.', onCode: () => 'Not this one.' }}
        />
      </MemoryRouter>,
    )
    expect(await screen.findByText('Not this one.')).toBeInTheDocument()
    view.unmount()
    expect(stop).toHaveBeenCalled()
    expect(closed).toHaveBeenCalled()
  })
})
