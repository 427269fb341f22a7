import { TableScroller } from '#client/components/ui/table-scroller.tsx'
import { LoaderCircle, Printer } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import type { BatchTrace } from '#shared/api/trace.ts'
import { isAudienceId } from '#shared/domain/audience-ids.ts'
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
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import { pathId } from '#client/lib/trace-format.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useBatchTrace } from '#client/features/batches/api/trace.ts'
import { BackLink, DocumentLinks, Facts, Section } from '#client/features/batches/components/trace-parts.tsx'
import {
  audienceLabel,
  checkWord,
  formatDay,
  formatNumber,
  productLabel,
  recordedIfraBasis,
  recordedIfraSentence,
} from '#client/features/batches/lib/trace-words.ts'

export { wordsReady } from '#client/features/batches/batches-catalog.ts'

function BackToJournal() {
  const t = useMessages()
  return <BackLink to="/journal">{t('batches.batch.back')}</BackLink>
}

/**
 * /batches/:id (issue 36; docs/product.md "Batch records"): one batch traced back: what it was,
 * its flattened composition, every lot it drew from with their documents, its label and IFRA
 * check, the accords weighed from neat batches, and "Print batch record" (a PDF, A4 or Letter).
 * Its words are the catalogs' `batches` section; the batch record's PDF stays English.
 */
export function BatchPage() {
  const id = pathId(useParams().id)
  if (id === null) return <NoBatch />
  return <BatchTraceView batchId={id} />
}

function NoBatch() {
  const t = useMessages()
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title={t('batches.batch.notFound.title')}>{t('batches.batch.notFound.lead')}</PageHeading>
      <BackToJournal />
    </div>
  )
}

function BatchTraceView({ batchId }: { batchId: number }) {
  const t = useMessages()
  const trace = useBatchTrace(batchId)
  if (trace.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title={t('batches.batch.title')} />
        <Spinner label={t('batches.batch.loading')} />
      </div>
    )
  if (trace.isError) {
    if (trace.error instanceof ApiError && trace.error.status === 404) return <NoBatch />
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title={t('batches.batch.title')} />
        <LoadError message={t('batches.batch.loadError')} error={trace.error} onRetry={() => void trace.refetch()} />
      </div>
    )
  }
  return <BatchView trace={trace.data} />
}

function BatchView({ trace }: { trace: BatchTrace }) {
  const t = useMessages()
  const { batch, blend, composition, lots, label } = trace
  const audience = batch.audience && isAudienceId(batch.audience) ? audienceLabel(t, batch.audience) : null
  const product = productLabel(t, batch.productType)
  const neat = (batch.accords ?? []).filter((a) => a.weigh === 'batch')
  return (
    <div className="flex flex-col gap-6">
      <BackToJournal />
      <PageHeading title={t('batches.batch.heading', { code: batch.code })}>
        {t('batches.batch.lead', { blend: blend.name, reference: batch.reference, product, day: formatDay(batch.madeOn) })}
      </PageHeading>
      <Section id="batch-heading" title={t('batches.batch.facts.title')} action={<PrintBatchRecord trace={trace} />}>
        <Facts
          items={[
            [t('batches.batch.facts.code'), batch.code],
            [t('batches.batch.facts.madeOn'), formatDay(batch.madeOn)],
            [t('batches.batch.facts.product'), product],
            ...(audience ? ([[t('batches.batch.facts.madeFor'), audience]] as [string, string][]) : []),
            [
              t('batches.batch.facts.weight'),
              batch.units
                ? t('batches.batch.facts.weightUnits', { weight: formatNumber(batch.weight), unit: batch.unit, count: batch.units })
                : `${formatNumber(batch.weight)} ${batch.unit}`,
            ],
            [t('batches.batch.facts.oils'), `${formatNumber(batch.oilPercentage)} %`],
            [t('batches.batch.facts.recipe'), `${blend.name} ${batch.reference}`],
            [t('batches.batch.facts.crossContamination'), checkWord(t, batch.crossContaminationPrevented)],
            [t('batches.batch.facts.weighedInGrams'), checkWord(t, batch.weighedInGrams)],
          ]}
        />
      </Section>

      <Section id="composition-heading" title={t('batches.batch.composition.title')}>
        <TableScroller label={t('batches.batch.composition.title')}>
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('batches.batch.composition.oil')}
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  {t('batches.batch.composition.inci')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('batches.batch.composition.percentOfBlend')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('batches.batch.composition.percentOfProduct')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('batches.batch.composition.grams')}
                </th>
              </tr>
            </thead>
            <tbody>
              {composition.map((c) => (
                <tr key={c.oilId} className="border-t border-border">
                  <td className="py-2 pr-3">
                    {oilName(c.oilName)}
                    {/* On a phone the INCI name goes under the oil's, so the table fits the screen. */}
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {c.inci ?? t('batches.batch.composition.inciUnknown')}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{c.inci ?? t('batches.batch.composition.notKnown')}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(c.percentOfBlend)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(c.percentOfProduct, 3)}</td>
                  <td className="py-2 text-right tabular-nums">{formatNumber(c.grams)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Section>

      <Section id="lots-heading" title={t('batches.batch.lots.title')}>
        {lots.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('batches.batch.lots.none')}</p>
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
                      {l.lot.lotCode
                        ? t('batches.batch.lots.lot', { oil: oilName(l.oilName), lot: l.lot.lotCode })
                        : t('batches.batch.lots.noLotCode', { oil: oilName(l.oilName) })}
                    </Link>
                  ) : (
                    t('batches.batch.lots.deleted', { oil: oilName(l.oilName) })
                  )}
                  <span className="font-normal text-muted-foreground">
                    {` · ${t('batches.batch.lots.drawn', { amount: formatNumber(l.amount), unit: l.unit })}`}
                  </span>
                </p>
                {l.lot ? (
                  <p className="text-xs text-muted-foreground">
                    {[
                      l.lot.supplier ?? t('batches.batch.lots.noSupplier'),
                      l.lot.bestBefore
                        ? t('batches.batch.lots.bestBefore', { day: formatDay(l.lot.bestBefore) })
                        : t('batches.batch.lots.noBestBefore'),
                    ].join(' · ')}
                  </p>
                ) : null}
                {l.lot ? <DocumentLinks documents={l.documents} empty={t('batches.batch.lots.noDocuments')} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {neat.length > 0 ? (
        <Section id="accords-heading" title={t('batches.batch.accords.title')}>
          <ul className="grid gap-1 text-sm">
            {neat.map((a) => {
              const values = { name: a.name, reference: a.referenceNumber, grams: formatNumber(a.grams) }
              if (a.drawn.length === 0) return <li key={a.versionId}>{t('batches.batch.accords.fromNone', values)}</li>
              const [before, after] = aroundPlaceholder(t, 'batches.batch.accords.from', 'batches', values)
              return (
                <li key={a.versionId}>
                  {before}
                  {a.drawn.map((d, i) => (
                    <span key={d.batchId}>
                      {i > 0 ? ', ' : ''}
                      <Link to={batchPagePath(d.batchId)} className={textButtonClass}>
                        {d.code}
                      </Link>
                      {` ${t('batches.batch.accords.grams', { grams: formatNumber(d.grams) })}`}
                    </span>
                  ))}
                  {after}
                </li>
              )
            })}
          </ul>
        </Section>
      ) : null}

      <Section id="label-heading" title={t('batches.batch.label.title')}>
        {label === null ? (
          <p className="text-sm text-muted-foreground">{t('batches.batch.label.none', { product })}</p>
        ) : (
          <div className="grid gap-2 text-sm">
            <p className="text-muted-foreground">
              {label.source === 'saved'
                ? t('batches.batch.label.saved', { day: formatDay(label.label.computedAt.slice(0, 10)) })
                : t('batches.batch.label.workedOut')}
            </p>
            <p>
              <span className="font-medium">{`${t('batches.batch.label.allergens')} `}</span>
              {label.label.declared.length === 0
                ? t('batches.batch.label.noAllergens')
                : label.label.declared.map((a) => a.inci).join(', ')}
            </p>
            {!label.label.complete ? <p className="font-medium text-amber-800">{t('batches.batch.label.incomplete')}</p> : null}
            <p>
              <span className="font-medium">{`${t('batches.batch.label.ingredients')} `}</span>
              {label.label.ingredientText}
            </p>
            <Link to={batchLabelPath(blend.id, batch.id)} className={`${textButtonClass} self-start print:hidden`}>
              {label.source === 'saved' ? t('batches.batch.label.open') : t('batches.batch.label.make')}
            </Link>
          </div>
        )}
      </Section>

      <Section id="ifra-heading" title={t('batches.batch.ifra.title')}>
        <p className={batch.ifra ? 'text-sm' : 'text-sm text-muted-foreground'}>{recordedIfraSentence(t, batch.ifra)}</p>
        {batch.ifra ? <p className="text-sm text-muted-foreground">{recordedIfraBasis(t, batch.ifra)}</p> : null}
      </Section>
    </div>
  )
}

/** "Print batch record": a PDF on the paper chosen; the PDF code and its library load on the first press. */
function PrintBatchRecord({ trace }: { trace: BatchTrace }) {
  const t = useMessages()
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
        toast.success(t('batches.print.ready'), {
          description: t('batches.print.readyDetail', { paper: paper === 'a4' ? t('batches.print.a4') : t('batches.print.letter') }),
        })
      } catch {
        toast.error(t('batches.print.failed'), { description: t('batches.tryAgain') })
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="flex flex-wrap items-end gap-2 print:hidden">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-paper`}>{t('batches.print.paper')}</Label>
        <Select id={`${id}-paper`} value={paper} onChange={(event) => setPaper(event.target.value as 'a4' | 'letter')}>
          <option value="a4">{t('batches.print.a4')}</option>
          <option value="letter">{t('batches.print.letter')}</option>
        </Select>
      </div>
      <Button onClick={print} disabled={making} aria-disabled={making || undefined}>
        {making ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
        {making ? t('batches.print.making') : t('batches.print.print')}
      </Button>
    </div>
  )
}
