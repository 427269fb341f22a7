import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PrintLabels } from '#client/features/labels/components/print-labels.tsx'
import type { LabelSheetContent } from '#client/features/labels/lib/label-pdf.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const content: LabelSheetContent = {
  title: 'Evening Calm',
  productLabel: 'Lotion / cream',
  batchCode: '261124-1',
  nominal: { amount: 50, unit: 'g' },
  ingredientText: 'Aqua, Lavandula Angustifolia Oil, Linalool',
  allergens: ['Linalool'],
  responsible: { name: 'Ana Maker', address: '1 Rue des Fleurs\n75001 Paris' },
  pao: '12M',
  declarationsComplete: true,
}

const { createObjectURL, revokeObjectURL } = URL
afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
  vi.restoreAllMocks()
})

/** Catches what the download hands the browser (jsdom has no object URLs, nor downloads). */
function stubDownloads() {
  const made: Blob[] = []
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    made.push(blob as Blob)
    return 'blob:label'
  }
  URL.revokeObjectURL = () => {}
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  return { made, clicks }
}

describe('Print label sheet', () => {
  it('makes the chosen sheet as a PDF and hands it to the browser, once per press', { timeout: 20_000 }, async () => {
    const { made, clicks } = stubDownloads()
    render(<PrintLabels content={content} />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Label size' }), '99.1 × 67.7 mm labels, 8 per A4 (L7165)')
    await userEvent.dblClick(screen.getByRole('button', { name: 'Print label sheet' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1), { timeout: 15_000 })
    expect(toast.success).toHaveBeenCalledWith('Label sheet ready', {
      description: expect.stringMatching(/^8 labels at \d+(\.\d+)? pt, as a PDF\.$/),
    })
    expect(made).toHaveLength(1)
    expect(made[0]!.type).toBe('application/pdf')
    expect(new TextDecoder().decode(new Uint8Array(await made[0]!.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
    expect(clicks).toHaveBeenCalledTimes(1)
  })

  it("says the batch's QR code is on each label, or that this label size left no room for it", { timeout: 30_000 }, async () => {
    stubDownloads()
    toast.success.mockClear()
    const withCode = { ...content, qrUrl: 'https://accord.example/batches/7' }
    const { unmount } = render(<PrintLabels content={withCode} />)
    await userEvent.click(screen.getByRole('button', { name: 'Print label sheet' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1), { timeout: 15_000 })
    expect(toast.success).toHaveBeenLastCalledWith('Label sheet ready', {
      description: expect.stringMatching(/^21 labels at \d+(\.\d+)? pt, each with the batch's QR code, as a PDF\.$/),
    })
    unmount()
    render(<PrintLabels content={{ ...withCode, ingredientText: 'Butyrospermum Parkii Butter, '.repeat(8) }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Print label sheet' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2), { timeout: 15_000 })
    expect(toast.success).toHaveBeenLastCalledWith('Label sheet ready', {
      description: expect.stringMatching(
        /^21 labels at 6(\.\d+)? pt, as a PDF\. The text left no room for the batch's QR code on this label size: choose a bigger label to have it\.$/,
      ),
    })
  })

  it('says so, and makes nothing, when the list cannot fit the label', { timeout: 20_000 }, async () => {
    const { made } = stubDownloads()
    render(<PrintLabels content={{ ...content, ingredientText: 'Butyrospermum Parkii Butter, '.repeat(40) }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Print label sheet' }))
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'The label does not fit a 63.5 × 38.1 mm label, even at 6 pt, the smallest text Accord prints. Choose a bigger label or a whole page; nothing was cut.',
    )
    expect(made).toHaveLength(0)
  })

  it('says before printing what marks every label incomplete, and nothing for a complete one', () => {
    const { rerender } = render(<PrintLabels content={{ ...content, responsible: null, batchCode: null }} />)
    expect(
      screen.getByText(
        'Each label of this sheet is marked "INCOMPLETE: ... Not for sale." (no responsible person; no batch code until the batch is recorded).',
      ),
    ).toBeInTheDocument()
    rerender(<PrintLabels content={content} />)
    expect(screen.queryByText(/INCOMPLETE/)).not.toBeInTheDocument()
  })

  it('names what a French label lacks in French, as the label itself will say it', () => {
    render(<PrintLabels content={{ ...content, language: 'fr', responsible: null, batchCode: null }} />)
    const note = screen.getByText(/INCOMPLET/)
    expect(note).toHaveTextContent('INCOMPLET')
    expect(note).not.toHaveTextContent(/no responsible person|no batch code/)
  })
})
