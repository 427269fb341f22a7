import { LoaderCircle, Printer } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { labelGaps, type LabelSheetContent } from '#client/features/labels/lib/label-sheet-text.ts'
import { LABEL_TEXTS } from '#client/features/labels/lib/label-texts.ts'
import { LABEL_SHEETS, MIN_LABEL_FONT_PT, type LabelSheetId } from '#client/features/labels/lib/label-sheets.ts'

/**
 * "Print label sheet": a PDF of the chosen sheet, every label the same. The PDF code and its
 * library load on the first press. A list that cannot fit one label even at the smallest size is
 * never cut: the maker is told to choose a bigger label, and no PDF is made.
 */
export function PrintLabels({ content }: { content: LabelSheetContent }) {
  const id = useId()
  const [sheet, setSheet] = useState<LabelSheetId>('l7160')
  const [making, setMaking] = useState(false)
  const [tooLong, setTooLong] = useState<string | null>(null)
  const singleFlight = useSingleFlight()
  /** The label's own words, in its language, where this quotes them. */
  const printed = LABEL_TEXTS[content.language ?? 'en']

  function print() {
    void singleFlight(async () => {
      setMaking(true)
      setTooLong(null)
      try {
        const [pdf, { downloadBytes }] = await Promise.all([
          import('#client/features/labels/lib/label-pdf.ts'),
          import('#client/lib/download.ts'),
        ])
        const result = await pdf.buildLabelSheet(content, sheet)
        const name = LABEL_SHEETS.find((s) => s.id === sheet)!.name
        if (!result.fits) {
          setTooLong(
            `The label does not fit a ${name.split(',')[0]!.replace(/ labels$/, ' label')}, even at ${MIN_LABEL_FONT_PT} pt, the smallest text Accord prints. Choose a bigger label or a whole page; nothing was cut.`,
          )
          return
        }
        downloadBytes(result.bytes, pdf.labelFileName(content.title))
        const labels = `${result.labels} ${result.labels === 1 ? 'label' : 'labels'} at ${result.fontSize} pt`
        toast.success('Label sheet ready', {
          description:
            result.qrCode === 'printed'
              ? `${labels}, each with the batch's QR code, as a PDF.`
              : result.qrCode === 'no-room'
                ? `${labels}, as a PDF. The text left no room for the batch's QR code on this label size: choose a bigger label to have it.`
                : `${labels}, as a PDF.`,
        })
      } catch {
        toast.error('Could not make the label sheet', { description: 'Please try again.' })
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-sheet`}>Label size</Label>
        <Select id={`${id}-sheet`} className="w-full" value={sheet} onChange={(event) => setSheet(event.target.value as LabelSheetId)}>
          {LABEL_SHEETS.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
      </div>
      {labelGaps(content).length > 0 ? (
        <p className="text-sm text-amber-900">{`Each label of this sheet is marked "${printed.incomplete} ... ${printed.notForSale}" (${labelGaps(content).join('; ')}).`}</p>
      ) : null}
      {tooLong ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {tooLong}
        </p>
      ) : null}
      <Button className="justify-self-start" onClick={print} disabled={making} aria-disabled={making || undefined}>
        {making ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
        {making ? 'Making the PDF...' : 'Print label sheet'}
      </Button>
    </div>
  )
}
