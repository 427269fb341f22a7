import { ScanLine } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import type { DrawChoice, DrawOil } from '#client/features/calculator/lib/draw-choice.ts'
import { bottleOptionLabel, pickFromCode } from '#client/features/calculator/lib/pick-bottle.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'

// The scanner's dialog loads when Scan is first pressed (the calculator's budget), the camera and reader after it (decision 082).
const ScanDialog = lazy(() => import('#client/components/qr/scan-dialog.tsx').then((m) => ({ default: m.ScanDialog })))

/**
 * The bottle each oil is drawn from first, in Mark as made (docs/product.md "QR codes at the bench",
 * decision 090): a From list per oil the shelf holds two bottles or more of, and a Scan button that
 * opens the scanner to pick one by its QR code or its printed number. `problems` are the server's
 * refusals of a choice, by oil id.
 */
export default function DrawBottleChoice({
  oils,
  choice,
  onChoose,
  problems,
}: {
  oils: readonly DrawOil[]
  choice: DrawChoice
  onChoose: (oilId: number, bottleId: number | null) => void
  problems: ReadonlyMap<number, string>
}) {
  const t = useMessages()
  const shownName = useOilName()
  const id = useId()
  // The oil scanned for stays set while the dialog closes, so the scanner never leaves pick mode.
  const [scanning, setScanning] = useState<DrawOil | null>(null)
  const [open, setOpen] = useState(false)
  const scanButtons = useRef(new Map<number, HTMLButtonElement>())
  if (oils.length === 0) return null

  return (
    <fieldset className="grid gap-3" data-testid="draw-bottle-choice">
      <legend className="mb-1 text-sm font-medium text-foreground">{t('calculator.draw.legend')}</legend>
      <p className="-mt-1 text-sm text-muted-foreground">{t('calculator.draw.intro')}</p>
      {oils.map((oil) => {
        const selectId = `${id}-${oil.oilId}`
        const problem = problems.get(oil.oilId)
        const chosen = choice.get(oil.oilId)
        const value = chosen !== undefined && oil.bottles.some((b) => b.id === chosen) ? String(chosen) : ''
        return (
          <div key={oil.oilId} className="grid gap-1.5">
            <Label htmlFor={selectId}>{t('calculator.draw.from', { oil: shownName(oil.oilName) })}</Label>
            <div className="flex min-w-0 items-center gap-2">
              <Select
                id={selectId}
                value={value}
                className="w-full min-w-0 flex-1 truncate"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${selectId}-problem` : undefined}
                onChange={(event) => onChoose(oil.oilId, event.target.value === '' ? null : Number(event.target.value))}
              >
                <option value="">{t('calculator.draw.usualOrder')}</option>
                {oil.bottles.map((bottle) => (
                  <option key={bottle.id} value={String(bottle.id)}>
                    {bottleOptionLabel(t, bottle)}
                  </option>
                ))}
              </Select>
              <Button
                type="button"
                variant="outline"
                aria-label={t('calculator.draw.scanBottle', { oil: shownName(oil.oilName) })}
                ref={(button) => {
                  if (button) scanButtons.current.set(oil.oilId, button)
                  else scanButtons.current.delete(oil.oilId)
                }}
                onClick={() => {
                  setScanning(oil)
                  setOpen(true)
                }}
              >
                <ScanLine aria-hidden="true" />
                {t('calculator.draw.scan')}
              </Button>
            </div>
            {problem ? (
              <p id={`${selectId}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
          </div>
        )
      })}
      {scanning ? (
        <Suspense fallback={null}>
          <ScanDialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => (scanning ? scanButtons.current.get(scanning.oilId) : null)}
            pick={
              scanning
                ? {
                    title: t('calculator.draw.scanBottle', { oil: shownName(scanning.oilName) }),
                    description: t('calculator.draw.scanHint', { oil: shownName(scanning.oilName) }),
                    onCode: (code) => {
                      const picked = pickFromCode(t, code, location.origin, shownName(scanning.oilName), scanning.bottles)
                      if ('says' in picked) return picked.says
                      onChoose(scanning.oilId, picked.bottleId)
                      return null
                    },
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
    </fieldset>
  )
}
