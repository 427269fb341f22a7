import { ArrowLeft, LoaderCircle, Printer } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { BatchTrace } from '#shared/api/trace.ts'
import { AUDIENCE_LABELS, isAudienceId } from '#shared/domain/audience-ids.ts'
import { batchPagePath, bottlePagePath } from '#shared/domain/bench-paths.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button, textButtonClass } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { batchLabelPath } from '#client/lib/batch-label-link.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useBatchTrace } from '#client/features/batches/api/trace.ts'
import { DocumentLinks, Facts, Section } from '#client/features/batches/components/trace-parts.tsx'
import {
  checkWord,
  formatDay,
  formatNumber,
  pathId,
  productLabel,
  recordedIfraBasis,
  recordedIfraSentence,
} from '#client/lib/trace-format.ts'

const BackToJournal = () => (
  <Link to="/journal" className={`${textButtonClass} inline-flex items-center gap-1 self-start print:hidden`}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to the journal
  </Link>
)

/**
 * /batches/:id (issue 36; docs/product.md "Batch records"): one batch traced back: what it was,
 * its flattened composition, every lot it drew from with their documents, its label and IFRA
 * check, the accords weighed from neat batches, and "Print batch record" (a PDF, A4 or Letter).
 */
export function BatchPage() {
  const id = pathId(useParams().id)
  if (id === null) return <NoBatch />
  return <BatchTraceView batchId={id} />
}

function NoBatch() {
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title="Batch not found">This batch is not in your journal. It may have been undone.</PageHeading>
      <BackToJournal />
    </div>
  )
}

function BatchTraceView({ batchId }: { batchId: number }) {
  const trace = useBatchTrace(batchId)
  if (trace.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Batch" />
        <Spinner label="Loading the batch" />
      </div>
    )
  if (trace.isError) {
    if (trace.error instanceof ApiError && trace.error.status === 404) return <NoBatch />
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Batch" />
        <LoadError message="Could not load this batch." error={trace.error} onRetry={() => void trace.refetch()} />
      </div>
    )
  }
  return <BatchView trace={trace.data} />
}

function BatchView({ trace }: { trace: BatchTrace }) {
  const { batch, blend, composition, lots, label } = trace
  const audience = batch.audience && isAudienceId(batch.audience) ? AUDIENCE_LABELS[batch.audience] : null
  const neat = (batch.accords ?? []).filter((a) => a.weigh === 'batch')
  return (
    <div className="flex flex-col gap-6">
      <BackToJournal />
      <PageHeading title={`Batch ${batch.code}`}>
        {`${blend.name} ${batch.reference}, ${productLabel(batch.productType)}, made ${formatDay(batch.madeOn)}.`}
      </PageHeading>
      <Section id="batch-heading" title="The batch" action={<PrintBatchRecord trace={trace} />}>
        <Facts
          items={[
            ['Batch code', batch.code],
            ['Made on', formatDay(batch.madeOn)],
            ['Product', productLabel(batch.productType)],
            ...(audience ? ([['Made for', audience]] as [string, string][]) : []),
            ['Weight', `${formatNumber(batch.weight)} ${batch.unit}${batch.units ? `, ${batch.units} units` : ''}`],
            ['Essential oils', `${formatNumber(batch.oilPercentage)} %`],
            ['Recipe version', `${blend.name} ${batch.reference}`],
            ['Cross-contamination prevented', checkWord(batch.crossContaminationPrevented)],
            ['Weighed in grams', checkWord(batch.weighedInGrams)],
          ]}
        />
      </Section>

      <Section id="composition-heading" title="Composition">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Oil
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  INCI
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  % of blend
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  % of product
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Grams
                </th>
              </tr>
            </thead>
            <tbody>
              {composition.map((c) => (
                <tr key={c.oilId} className="border-t border-border">
                  <td className="py-2 pr-3">
                    {c.oilName}
                    {/* On a phone the INCI name goes under the oil's, so the table fits the screen. */}
                    <span className="block text-xs text-muted-foreground sm:hidden">{c.inci ?? 'INCI not known'}</span>
                  </td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{c.inci ?? 'Not known'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(c.percentOfBlend)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(c.percentOfProduct, 3)}</td>
                  <td className="py-2 text-right tabular-nums">{formatNumber(c.grams)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="lots-heading" title="Lots drawn">
        {lots.length === 0 ? (
          <p className="text-sm text-muted-foreground">This batch drew from no bottle on your shelf.</p>
        ) : (
          <ul className="grid gap-3">
            {lots.map((l, i) => (
              <li
                key={`${l.oilId}-${l.lot?.bottleId ?? 'gone'}-${i}`}
                className="grid gap-1 border-t border-border pt-3 first:border-0 first:pt-0"
              >
                <p className="text-sm font-medium text-foreground">
                  {l.lot ? (
                    <Link to={bottlePagePath(l.lot.bottleId)} className={textButtonClass}>
                      {l.lot.lotCode ? `${l.oilName}, lot ${l.lot.lotCode}` : `${l.oilName} (no lot code)`}
                    </Link>
                  ) : (
                    `${l.oilName} (bottle deleted)`
                  )}
                  <span className="font-normal text-muted-foreground">{` · ${formatNumber(l.amount)} ${l.unit} drawn`}</span>
                </p>
                {l.lot ? (
                  <p className="text-xs text-muted-foreground">
                    {[
                      l.lot.supplier ?? 'No supplier recorded',
                      l.lot.bestBefore ? `Best before ${formatDay(l.lot.bestBefore)}` : 'No best-before day',
                    ].join(' · ')}
                  </p>
                ) : null}
                {l.lot ? <DocumentLinks documents={l.documents} empty="No documents." /> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {neat.length > 0 ? (
        <Section id="accords-heading" title="Accords weighed">
          <ul className="grid gap-1 text-sm">
            {neat.map((a) => (
              <li key={a.versionId}>
                {`${a.name} ${a.referenceNumber}: ${formatNumber(a.grams)} g from `}
                {a.drawn.length === 0
                  ? 'no neat batch'
                  : a.drawn.map((d, i) => (
                      <span key={d.batchId}>
                        {i > 0 ? ', ' : ''}
                        <Link to={batchPagePath(d.batchId)} className={textButtonClass}>
                          {d.code}
                        </Link>
                        {` (${formatNumber(d.grams)} g)`}
                      </span>
                    ))}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section id="label-heading" title="Label">
        {label === null ? (
          <p className="text-sm text-muted-foreground">{`${productLabel(batch.productType)} has no cosmetic allergen label.`}</p>
        ) : (
          <div className="grid gap-2 text-sm">
            <p className="text-muted-foreground">
              {label.source === 'saved'
                ? `Saved with this batch on ${formatDay(label.label.computedAt.slice(0, 10))}.`
                : 'No label was saved with this batch: worked out now from the lots’ allergen declarations (oils by INCI name, without the base).'}
            </p>
            <p>
              <span className="font-medium">Allergens to declare: </span>
              {label.label.declared.length === 0 ? 'none' : label.label.declared.map((a) => a.inci).join(', ')}
            </p>
            {!label.label.complete ? (
              <p className="font-medium text-amber-800">Incomplete: some oils have no allergen declaration.</p>
            ) : null}
            <p>
              <span className="font-medium">Ingredients: </span>
              {label.label.ingredientText}
            </p>
            <Link to={batchLabelPath(blend.id, batch.id)} className={`${textButtonClass} self-start print:hidden`}>
              {label.source === 'saved' ? 'Open the label' : 'Make and save the label'}
            </Link>
          </div>
        )}
      </Section>

      <Section id="ifra-heading" title="IFRA check recorded">
        <p className={batch.ifra ? 'text-sm' : 'text-sm text-muted-foreground'}>{recordedIfraSentence(batch.ifra)}</p>
        {batch.ifra ? <p className="text-sm text-muted-foreground">{recordedIfraBasis(batch.ifra)}</p> : null}
      </Section>
    </div>
  )
}

/** "Print batch record": a PDF on the paper chosen; the PDF code and its library load on the first press. */
function PrintBatchRecord({ trace }: { trace: BatchTrace }) {
  const id = useId()
  const [paper, setPaper] = useState<'a4' | 'letter'>('a4')
  const [making, setMaking] = useState(false)
  const singleFlight = useSingleFlight()

  function print() {
    void singleFlight(async () => {
      setMaking(true)
      try {
        const [pdf, { downloadBytes }] = await Promise.all([import('#client/lib/batch-record-pdf.ts'), import('#client/lib/download.ts')])
        const bytes = await pdf.buildBatchRecord(trace, { paper, printedOn: new Date().toISOString().slice(0, 10) })
        downloadBytes(bytes, pdf.batchRecordFileName(trace))
        toast.success('Batch record ready', { description: `On ${paper === 'a4' ? 'A4' : 'Letter'} paper, as a PDF.` })
      } catch {
        toast.error('Could not make the batch record', { description: 'Please try again.' })
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="flex flex-wrap items-end gap-2 print:hidden">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-paper`}>Paper</Label>
        <Select id={`${id}-paper`} value={paper} onChange={(event) => setPaper(event.target.value as 'a4' | 'letter')}>
          <option value="a4">A4</option>
          <option value="letter">Letter</option>
        </Select>
      </div>
      <Button onClick={print} disabled={making} aria-disabled={making || undefined}>
        {making ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
        {making ? 'Making the PDF...' : 'Print batch record'}
      </Button>
    </div>
  )
}
