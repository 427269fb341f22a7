import { useState } from 'react'
import { Link } from 'react-router'
import type { Batch } from '#shared/api/shelf.ts'
import { addTestPath } from '#shared/domain/add-test-link.ts'
import { batchPagePath } from '#shared/domain/bench-paths.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { Button, textButtonClass } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useBatchPages } from '#client/lib/batches.ts'
import { assessorPackPath } from '#client/lib/assessor-pack-links.ts'
import { batchLabelPath } from '#client/lib/batch-label-link.ts'
import { formatMoney } from '#client/lib/money.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { RecordedIfra } from '#client/components/ifra-check.tsx'
import { RemoveBatchDialog } from '#client/features/journal/components/remove-batch-dialog.tsx'
import { aimAddTest } from '#client/features/journal/lib/add-test-aim.ts'
import { QrCodeDialog, type CodeTarget } from '#client/components/qr/qr-code-dialog.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { audienceLabel } from '#client/lib/safety-words.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import '#client/features/journal/journal-catalog.ts'

const money = (amount: number, currency: string | null) => formatMoney(amount, currency)
const ml = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} mL`

/** 'YYYY-MM-DD' as a calendar day in the reader's locale. */
function day(date: string): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(y!, (m ?? 1) - 1, d ?? 1).toLocaleDateString(undefined, { dateStyle: 'medium' })
}

/**
 * The batches made of a blend ("Mark as made" in the calculator), newest first, a page at a time,
 * each with what it took from the shelf and what it cost, and Remove to undo it. Loaded on its own
 * (a lazy chunk) so the journal page's bundle does not grow with it.
 */
export function BlendBatches({
  projectId,
  blendName,
  onAddTest,
}: {
  projectId: number
  /** The blend's name, written under its batches' QR codes. */
  blendName?: string | undefined
  onAddTest?: ((versionId: number) => void) | undefined
}) {
  const t = useMessages()
  const batches = useBatchPages(projectId)
  const items = batches.data?.pages.flatMap((page) => page.items) ?? []
  const [coding, setCoding] = useState<Batch | null>(null)

  return (
    // On paper only the batches themselves: no empty state, spinner or error.
    <section aria-labelledby="batches-title" className={items.length === 0 ? 'flex flex-col gap-3 print:hidden' : 'flex flex-col gap-3'}>
      <h2 id="batches-title" className="text-lg font-semibold text-foreground">
        {t('journal.batches.title')}
      </h2>
      {batches.isPending ? (
        <Spinner label={t('journal.details.loadingBatches')} />
      ) : batches.isError ? (
        <LoadError
          message={t('journal.batches.loadFailed')}
          error={batches.error}
          notOnDeviceMessage={t('journal.batches.notOnDevice')}
          onRetry={() => void batches.refetch()}
        />
      ) : items.length === 0 ? (
        <NoBatches />
      ) : (
        <>
          <ol className="flex flex-col gap-3">
            {items.map((batch) => (
              <li key={batch.id}>
                <BatchItem batch={batch} onAddTest={onAddTest} onQrCode={setCoding} />
              </li>
            ))}
          </ol>
          {batches.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={batches.isFetchingNextPage}
              onClick={() => void batches.fetchNextPage({ cancelRefetch: false })}
            >
              {batches.isFetchingNextPage ? t('journal.details.loading') : t('journal.batches.loadMore')}
            </Button>
          ) : null}
        </>
      )}
      <QrCodeDialog target={coding ? batchCodeTarget(t, coding, blendName) : null} onOpenChange={(open) => !open && setCoding(null)} />
    </section>
  )
}

/** No batch yet: where one is worked out (the calculator, a link inside the sentence). */
function NoBatches() {
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'journal.batches.none', 'calculator')
  return (
    <p className="text-sm text-muted-foreground">
      {before}
      <Link to="/calculator" className={textButtonClass}>
        {t('journal.batches.calculator')}
      </Link>
      {after}
    </p>
  )
}

/** What a batch's printed QR code says under it: the blend and the batch's code and day (docs/product.md "QR codes at the bench"). */
export function batchCodeTarget(t: (id: string, values?: Record<string, unknown>) => string, batch: Batch, blendName?: string): CodeTarget {
  const title = blendName?.trim() ? `${blendName.trim()} ${batch.reference}` : batch.reference
  return { kind: 'batch', id: batch.id, title, lines: [t('journal.batches.qrLine', { code: batch.code, date: day(batch.madeOn) })] }
}

/** What a batch's saved label declared, in a line ("Label: Linalool, Limonene"). */
export function labelSummary(t: (id: string, values?: Record<string, unknown>) => string, label: Batch['label']): string {
  if (!label) return t('journal.batches.noLabel')
  if (!label.complete) return t('journal.batches.labelIncomplete')
  return label.declared.length === 0 ? t('journal.batches.labelNone') : t('journal.batches.label', { declared: label.declared.join(', ') })
}

function BatchItem({
  batch,
  onAddTest,
  onQrCode,
}: {
  batch: Batch
  onAddTest: ((versionId: number) => void) | undefined
  onQrCode: (batch: Batch) => void
}) {
  const t = useMessages()
  const shownName = useOilName()
  const noPrice = t('journal.batches.noPrice')
  const id = `batch-${batch.id}`
  const when = `${batch.reference}, ${day(batch.madeOn)}`
  const product = productTypeById(batch.productType)?.label ?? (batch.productType === 'other' ? null : batch.productType)
  const short = batch.oils.filter((oil) => oil.shortMl > 0)
  return (
    <article aria-labelledby={`${id}-ref`} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div>
          <h3 id={`${id}-ref`} className="text-sm font-semibold text-foreground">
            <span className="font-mono">{batch.reference}</span>
            {` · ${day(batch.madeOn)}`}
          </h3>
          <p className="text-sm text-muted-foreground">
            {[
              t('journal.batches.code', { code: batch.code }),
              t('journal.batches.weight', { weight: batch.weight, unit: batch.unit, percentage: batch.oilPercentage }),
              product,
              // Said only for a batch made for someone other than adults (decision 069).
              batch.audience && batch.audience !== 'adults'
                ? t('journal.batches.for', { audience: audienceLabel(t, batch.audience) })
                : null,
              batch.units ? t('journal.batches.units', { count: batch.units }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <RemoveBatchDialog batch={batch} label={when} />
      </header>
      <ul aria-label={t('journal.batches.oilsOf', { reference: batch.reference })} className="grid max-w-md gap-1 text-sm">
        {batch.oils.map((oil) => (
          <li key={oil.oilId} className="flex justify-between gap-3">
            <span className="text-foreground">{`${shownName(oil.oilName)} · ${ml(oil.ml)}`}</span>
            <span className="text-right tabular-nums text-muted-foreground">
              {oil.cost === null ? noPrice : money(oil.cost, batch.currency)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-foreground">
        <span className="font-medium">{`${t('journal.batches.cost')} `}</span>
        {batch.totalCost === null ? noPrice : money(batch.totalCost, batch.currency)}
        {batch.costIsPartial ? ` ${t('journal.batches.partial')}` : ''}
        {batch.costPerUnit !== null ? ` · ${t('journal.batches.perUnit', { cost: money(batch.costPerUnit, batch.currency) })}` : ''}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 print:block">
        <p className={batch.label && !batch.label.complete ? 'text-sm font-medium text-amber-900' : 'text-sm text-foreground'}>
          {labelSummary(t, batch.label)}
        </p>
        <span className="flex flex-wrap items-center gap-x-4 gap-y-1 print:hidden">
          <Link
            to={addTestPath(batch.projectId, batch.versionId, { batchId: batch.id, madeOn: batch.madeOn })}
            // The page is already open: the version's card opens, and its form is aimed at the address once it changed.
            onClick={() => {
              onAddTest?.(batch.versionId)
              setTimeout(() => aimAddTest(batch.versionId), 0)
            }}
            className={`${textButtonClass} text-sm`}
            aria-label={t('journal.batches.addTestFor', { batch: when })}
          >
            {t('journal.batches.addTest')}
          </Link>
          <Link
            to={batchPagePath(batch.id)}
            className={`${textButtonClass} text-sm`}
            aria-label={t('journal.batches.recordFor', { batch: when })}
          >
            {t('journal.batches.record')}
          </Link>
          <Link
            to={batchLabelPath(batch.projectId, batch.id)}
            className={`${textButtonClass} text-sm`}
            aria-label={t('journal.batches.labelFor', { batch: when })}
          >
            {t('journal.batches.labelLink')}
          </Link>
          <button
            type="button"
            onClick={() => onQrCode(batch)}
            className={`${textButtonClass} text-sm`}
            aria-label={t('journal.batches.qrFor', { batch: when })}
          >
            {t('journal.batches.qr')}
          </button>
          <Link
            to={assessorPackPath({
              versionId: batch.versionId,
              productType: batch.productType,
              oilPercentage: batch.oilPercentage,
              audience: batch.audience ?? undefined,
            })}
            className={`${textButtonClass} text-sm`}
            aria-label={t('journal.batches.packFor', { batch: when })}
          >
            {t('journal.batches.pack')}
          </Link>
        </span>
      </div>
      {/* The IFRA check recorded when it was made: amendment, category, limit, the lots' certificates (as its label shows it). */}
      {batch.ifra ? <RecordedIfra check={batch.ifra} /> : null}
      {short.length > 0 ? (
        <p className="text-sm text-amber-900">
          {t('journal.batches.short', { oils: short.map((oil) => `${shownName(oil.oilName)} (${ml(oil.shortMl)})`).join(', ') })}
        </p>
      ) : null}
    </article>
  )
}
