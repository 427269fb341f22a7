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
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import '#client/features/labels/labels-catalog.ts'

/**
 * "Print label sheet": a PDF of the chosen sheet, every label the same. The PDF code and its
 * library load on the first press. A list that cannot fit one label even at the smallest size is
 * never cut: the maker is told to choose a bigger label, and no PDF is made.
 */
/** A font size in points as the shown language writes it ("6.25", "6,25"). */
const points = (size: number) => new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(size)

export function PrintLabels({ content }: { content: LabelSheetContent }) {
  const t = useMessages()
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
        if (!result.fits) {
          setTooLong(t('labels.print.tooLong', { size: t(`labels.sheet.${sheet}.one`), min: MIN_LABEL_FONT_PT }))
          return
        }
        downloadBytes(result.bytes, pdf.labelFileName(content.title))
        const labels = t('labels.print.count', { count: result.labels, size: points(result.fontSize) })
        toast.success(t('labels.print.ready'), {
          description:
            result.qrCode === 'printed'
              ? t('labels.print.readyQr', { labels })
              : result.qrCode === 'no-room'
                ? t('labels.print.readyNoRoom', { labels })
                : t('labels.print.readyPlain', { labels }),
        })
      } catch {
        toast.error(t('labels.print.failed'), { description: t('labels.print.tryAgain') })
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-sheet`}>{t('labels.print.size')}</Label>
        <Select id={`${id}-sheet`} className="w-full" value={sheet} onChange={(event) => setSheet(event.target.value as LabelSheetId)}>
          {LABEL_SHEETS.map((option) => (
            <option key={option.id} value={option.id}>
              {t(`labels.sheet.${option.id}.name`)}
            </option>
          ))}
        </Select>
      </div>
      {labelGaps(content).length > 0 ? (
        <p className="text-sm text-amber-900">
          {t('labels.print.marked', {
            incomplete: printed.incomplete,
            notForSale: printed.notForSale,
            gaps: labelGaps(content, content.language ?? 'en').join('; '),
          })}
        </p>
      ) : null}
      {tooLong ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {tooLong}
        </p>
      ) : null}
      <Button className="justify-self-start" onClick={print} disabled={making} aria-disabled={making || undefined}>
        {making ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
        {making ? t('labels.print.making') : t('labels.print.button')}
      </Button>
    </div>
  )
}
