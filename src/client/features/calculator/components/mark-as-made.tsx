import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, LoaderCircle } from 'lucide-react'
import { lazy, Suspense, useId, useRef, useState } from 'react'
import type { CreateBatch, LotWarning } from '#shared/api/shelf.ts'
import { isCalendarDate, todayIn } from '#shared/domain/calendar-date.ts'
import { madeDateProblemKindOn } from '#shared/domain/made-date.ts'
import { lotWarningLine } from '#client/components/lot-warnings.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError, newIdempotencyKey } from '#client/lib/api-client.ts'
import { batchPages, undoBatch, useCreateBatch } from '#client/lib/batches.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import type { DrawChoice, DrawOil } from '#client/features/calculator/lib/draw-choice.ts'
import { useMessages } from '#client/lib/i18n.ts'

// Loaded only when an oil has two bottles or more to choose between (the calculator's budget).
const DrawBottleChoice = lazy(() => import('#client/features/calculator/components/draw-bottle-choice.tsx'))

/** The server's word on the made day (the one error shape's details), if it refused it. */
function madeOnProblem(err: unknown): string | null {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return null
  const detail = (err.details as { path?: unknown; message?: unknown }[]).find((d) => d.path === 'body.madeOn')
  return typeof detail?.message === 'string' ? detail.message : null
}

/**
 * The server's refusal of a chosen bottle (decision 090: 404 "Bottle not found", 422 NOT_DRAWABLE),
 * by the oil it was chosen for: the detail's path names the entry of fromBottles sent.
 */
function fromBottleProblems(err: unknown, sent: Pick<CreateBatch, 'fromBottles'>): Map<number, string> {
  const out = new Map<number, string>()
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return out
  for (const detail of err.details as { path?: unknown; message?: unknown }[]) {
    const at = typeof detail.path === 'string' ? /^body\.fromBottles\.(\d+)\./.exec(detail.path) : null
    const entry = at ? sent.fromBottles?.[Number(at[1])] : undefined
    if (entry && typeof detail.message === 'string' && !out.has(entry.oilId)) out.set(entry.oilId, detail.message)
  }
  return out
}

/** How long the "Batch made" toast, and its Undo, stay on screen. */
export const UNDO_TOAST_MS = 12_000

/**
 * "Mark as made": records the batch on the blend (the server works out the amounts and takes them
 * off the shelf) and offers Undo in the toast. It is made today unless the maker sets an earlier day
 * (yesterday's soap run recorded tonight is ready a day sooner), never a day after today (decision 052). One press, one batch: the key stays the same for the
 * same batch until it is recorded, so pressing again after a failure cannot record it twice.
 */
export function MarkAsMade({
  projectId,
  body,
  lotWarnings = [],
  draw,
}: {
  projectId: number
  body: Omit<CreateBatch, 'madeOn'>
  /** The expired or old bottles it would draw from (decision 079): said beside the button, never blocking. */
  lotWarnings?: readonly LotWarning[]
  /** The oils whose bottle can be chosen and the choice (decision 090); `body.fromBottles` carries it. */
  draw?: { oils: readonly DrawOil[]; choice: DrawChoice; onChoose: (oilId: number, bottleId: number | null) => void }
}) {
  const t = useMessages()
  const queryClient = useQueryClient()
  const create = useCreateBatch()
  const singleFlight = useSingleFlight()
  const intent = useRef<{ body: string; key: string } | null>(null)
  const id = useId()
  const today = todayIn()
  const [madeOn, setMadeOn] = useState(today)
  const [problem, setProblem] = useState<string | null>(null)
  const [bottleProblems, setBottleProblems] = useState<ReadonlyMap<number, string>>(new Map())
  // The maker's checks at the time of making (docs/product.md "Batch records"): the version's flags until the maker changes them.
  const [checks, setChecks] = useState<{ versionId: number | undefined; crossContaminationPrevented?: boolean; weighedInGrams?: boolean }>({
    versionId: body.versionId,
  })
  const ownChecks = checks.versionId === body.versionId ? checks : { versionId: body.versionId }
  const crossContaminationPrevented = ownChecks.crossContaminationPrevented ?? body.crossContaminationPrevented ?? false
  const weighedInGrams = ownChecks.weighedInGrams ?? body.weighedInGrams ?? false
  const setCheck = (name: 'crossContaminationPrevented' | 'weighedInGrams', value: boolean) => setChecks({ ...ownChecks, [name]: value })

  function keyFor(serialized: string): string {
    if (intent.current?.body !== serialized) intent.current = { body: serialized, key: newIdempotencyKey() }
    return intent.current.key
  }

  /**
   * The blend's batch list is read again at once even where no screen shows it, so the device's
   * copy (the offline fill's, decision 055) has this batch, or no longer has it, when the maker
   * logs a test at the bench offline.
   */
  const refetchBatches = (blendId: number) => void queryClient.prefetchInfiniteQuery(batchPages(blendId))

  function undo(batch: { id: number; projectId: number }) {
    undoBatch(queryClient, batch.id)
      .finally(() => refetchBatches(batch.projectId))
      .then(
        () => toast.success(t('calculator.made.undone'), { description: t('calculator.made.undoneText') }),
        (err: unknown) =>
          toast.error(t('calculator.made.undoFailed'), {
            description: err instanceof ApiError ? err.message : t('calculator.made.undoFailedText'),
          }),
      )
  }

  function markAsMade() {
    const dayProblem = !isCalendarDate(madeOn)
      ? t('calculator.made.chooseDay')
      : madeDateProblemKindOn(madeOn, todayIn()) === 'made-after-today'
        ? t('calculator.made.afterToday')
        : null
    setProblem(dayProblem)
    if (dayProblem) {
      document.getElementById(`${id}-made-on`)?.focus()
      return
    }
    void singleFlight(async () => {
      const sent = { ...body, madeOn, crossContaminationPrevented, weighedInGrams }
      const serialized = JSON.stringify([projectId, sent])
      try {
        const batch = await create.mutateAsync({ projectId, body: sent, idempotencyKey: keyFor(serialized) })
        intent.current = null
        refetchBatches(batch.projectId)
        toast.success(t('calculator.made.made', { reference: batch.reference }), {
          description: t('calculator.made.madeText'),
          duration: UNDO_TOAST_MS,
          action: { label: t('calculator.made.undo'), onClick: () => undo(batch) },
        })
      } catch (err) {
        const refused = madeOnProblem(err)
        const bottles = fromBottleProblems(err, sent)
        setBottleProblems(bottles)
        if (refused) setProblem(refused)
        else if (bottles.size > 0) toast.error(t('calculator.made.failed'), { description: t('calculator.made.bottleRefused') })
        else
          toast.error(t('calculator.made.failed'), { description: err instanceof ApiError ? err.message : t('calculator.made.tryAgain') })
      }
    })
  }

  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4 print:hidden">
      {draw && draw.oils.length > 0 ? (
        <Suspense fallback={null}>
          <DrawBottleChoice
            oils={draw.oils}
            choice={draw.choice}
            problems={bottleProblems}
            onChoose={(oilId, bottleId) => {
              setBottleProblems((was) => {
                if (!was.has(oilId)) return was
                const next = new Map(was)
                next.delete(oilId)
                return next
              })
              draw.onChoose(oilId, bottleId)
            }}
          />
        </Suspense>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-muted-foreground sm:self-center">
          {t('calculator.made.intro')}
          {lotWarnings.length > 0 ? (
            <span id={`${id}-lots`} className="mt-1 block font-medium text-foreground" data-testid="mark-as-made-lot-warning">
              {t('calculator.made.drawsFrom', { lots: lotWarnings.map((w) => lotWarningLine(t, w)).join(' ') })}
            </span>
          ) : null}
        </p>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-made-on`}>{t('calculator.made.madeOn')}</Label>
          <Input
            id={`${id}-made-on`}
            type="date"
            max={today}
            value={madeOn}
            onChange={(event) => {
              setMadeOn(event.target.value)
              setProblem(null)
            }}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-made-on-error` : undefined}
            className="w-full sm:w-44"
          />
          {problem ? (
            <p id={`${id}-made-on-error`} className="text-sm text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium text-foreground">{t('calculator.made.checks')}</legend>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={crossContaminationPrevented}
              onChange={(event) => setCheck('crossContaminationPrevented', event.target.checked)}
            />
            {t('calculator.made.crossContamination')}
          </label>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={weighedInGrams}
              onChange={(event) => setCheck('weighedInGrams', event.target.checked)}
            />
            {t('calculator.made.weighedInGrams')}
          </label>
        </fieldset>
        <Button
          onClick={markAsMade}
          disabled={create.isPending}
          aria-disabled={create.isPending || undefined}
          aria-describedby={lotWarnings.length > 0 ? `${id}-lots` : undefined}
          className="print:hidden"
        >
          {create.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <CircleCheck aria-hidden="true" />
          )}
          {create.isPending ? t('calculator.made.recording') : t('calculator.made.button')}
        </Button>
      </div>
    </div>
  )
}
