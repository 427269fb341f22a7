import { TableScroller } from '#client/components/ui/table-scroller.tsx'
import { Printer } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import type { BottleTrace, LotBatch } from '#shared/api/trace.ts'
import { batchPagePath } from '#shared/domain/bench-paths.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button, textButtonClass } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { pathId } from '#client/lib/trace-format.ts'
import { useBottleTrace } from '#client/features/batches/api/trace.ts'
import { BackLink, DocumentLinks, Facts, Section } from '#client/features/batches/components/trace-parts.tsx'
import { formatDay, formatNumber, productLabel } from '#client/features/batches/lib/trace-words.ts'

export { wordsReady } from '#client/features/batches/batches-catalog.ts'

function BackToShelf() {
  const t = useMessages()
  return <BackLink to="/shelf">{t('batches.bottle.back')}</BackLink>
}

/**
 * /shelf/bottles/:id (issue 36; docs/product.md "Batch records"): one bottle as a lot, its
 * documents, and every batch that drew from it: the recall view, printable, that says which
 * batches a faulty lot went into and how much of each was made. Its words are the catalogs'
 * `batches` section; the recall list's PDF stays English.
 */
export function BottlePage() {
  const id = pathId(useParams().id)
  if (id === null) return <NotOnShelf />
  return <BottleTraceView bottleId={id} />
}

function NotOnShelf() {
  const t = useMessages()
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title={t('batches.bottle.notFound.title')}>{t('batches.bottle.notFound.lead')}</PageHeading>
      <BackToShelf />
    </div>
  )
}

function BottleTraceView({ bottleId }: { bottleId: number }) {
  const t = useMessages()
  const trace = useBottleTrace(bottleId)
  const [printing, setPrinting] = useState(false)
  if (trace.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title={t('batches.bottle.title')} />
        <Spinner label={t('batches.bottle.loading')} />
      </div>
    )
  if (trace.isError) {
    if (trace.error instanceof ApiError && trace.error.status === 404) return <NotOnShelf />
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title={t('batches.bottle.title')} />
        <LoadError message={t('batches.bottle.loadError')} error={trace.error} onRetry={() => void trace.refetch()} />
      </div>
    )
  }
  const first: BottleTrace = trace.data.pages[0]!
  const { lot, documents, batchCount } = first
  const batches = trace.data.pages.flatMap((p) => p.batches.items)
  const title = lot.lotCode
    ? t('batches.bottle.titleLot', { oil: oilName(lot.oilName), lot: lot.lotCode })
    : t('batches.bottle.titleNoLot', { oil: oilName(lot.oilName) })
  const notRecorded = t('batches.bottle.notRecorded')

  /**
   * The recall list as a PDF drawn on the device (A4; decision 086): every batch of the lot, so the
   * next pages are read first. The PDF code and its library load on the press.
   */
  async function printRecall() {
    setPrinting(true)
    try {
      let pages = trace.data!.pages
      let more = trace.hasNextPage
      while (more) {
        const next = await trace.fetchNextPage()
        pages = next.data?.pages ?? pages
        more = next.hasNextPage
      }
      const [pdf, { downloadBytes }] = await Promise.all([
        import('#client/features/batches/lib/recall-list-pdf.ts'),
        import('#client/lib/download.ts'),
      ])
      const bytes = await pdf.buildRecallList(
        { lot, documents, batchCount, batches: pages.flatMap((p) => p.batches.items) },
        { paper: 'a4', printedOn: new Date().toISOString().slice(0, 10) },
      )
      downloadBytes(bytes, pdf.recallListFileName(lot))
      toast.success(t('batches.bottle.recall.ready'), { description: t('batches.bottle.recall.readyDetail') })
    } catch {
      toast.error(t('batches.bottle.recall.failed'), { description: t('batches.tryAgain') })
    } finally {
      setPrinting(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <BackToShelf />
      <PageHeading title={title}>{t('batches.bottle.lead')}</PageHeading>
      <Section id="lot-heading" title={t('batches.bottle.lot.title')}>
        <Facts
          items={[
            [t('batches.bottle.lot.oil'), oilName(lot.oilName)],
            [t('batches.bottle.lot.lotCode'), lot.lotCode ?? notRecorded],
            [t('batches.bottle.lot.supplier'), lot.supplier ?? notRecorded],
            [t('batches.bottle.lot.purchased'), lot.purchasedOn ? formatDay(lot.purchasedOn) : notRecorded],
            ...(lot.openedOn ? ([[t('batches.bottle.lot.opened'), formatDay(lot.openedOn)]] as [string, string][]) : []),
            ...(lot.bestBefore ? ([[t('batches.bottle.lot.bestBefore'), formatDay(lot.bestBefore)]] as [string, string][]) : []),
            [
              t('batches.bottle.lot.left'),
              t('batches.bottle.lot.leftValue', { remaining: formatNumber(lot.remaining), size: formatNumber(lot.size), unit: lot.unit }),
            ],
          ]}
        />
      </Section>
      <Section id="documents-heading" title={t('batches.bottle.documents.title')}>
        <DocumentLinks documents={documents} empty={t('batches.bottle.documents.none')} />
      </Section>
      <Section
        id="recall-heading"
        title={t('batches.bottle.recall.title')}
        action={
          batchCount > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void printRecall()} disabled={printing} className="print:hidden">
              <Printer aria-hidden="true" />
              {printing ? t('batches.bottle.recall.preparing') : t('batches.bottle.recall.print')}
            </Button>
          ) : null
        }
      >
        <p className="text-sm text-muted-foreground">
          {batchCount === 0 ? t('batches.bottle.recall.none') : t('batches.bottle.recall.count', { count: batchCount })}
        </p>
        {batches.length > 0 ? <RecallTable batches={batches} /> : null}
        {trace.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start print:hidden"
            onClick={() => void trace.fetchNextPage()}
            disabled={trace.isFetchingNextPage}
          >
            {trace.isFetchingNextPage ? t('batches.bottle.recall.loadingMore') : t('batches.bottle.recall.showMore')}
          </Button>
        ) : null}
      </Section>
    </div>
  )
}

function RecallTable({ batches }: { batches: readonly LotBatch[] }) {
  const t = useMessages()
  return (
    <TableScroller label={t('batches.bottle.recall.title')}>
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t('batches.bottle.table.madeOn')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('batches.bottle.table.batch')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t('batches.bottle.table.product')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('batches.bottle.table.made')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('batches.bottle.table.ofLot')}
            </th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => {
            const recipe = t('batches.bottle.table.recipe', {
              blend: b.blendName,
              reference: b.reference,
              product: productLabel(t, b.productType),
            })
            return (
              <tr key={b.batchId} className="border-t border-border align-top">
                <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{formatDay(b.madeOn)}</td>
                <td className="py-2 pr-3">
                  <Link to={batchPagePath(b.batchId)} className={textButtonClass}>
                    {b.code}
                  </Link>
                  {/* On a phone the day and the product go under the code, so the table fits the screen. */}
                  <span className="block text-xs text-muted-foreground sm:hidden">{`${formatDay(b.madeOn)} · ${recipe}`}</span>
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell">{recipe}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  <span className="whitespace-nowrap">{`${formatNumber(b.weight)} ${b.unit}`}</span>
                  {b.units ? <span className="block whitespace-nowrap">{t('batches.units', { count: b.units })}</span> : null}
                </td>
                <td className="py-2 text-right tabular-nums whitespace-nowrap">{`${formatNumber(b.lotAmount)} ${b.lotUnit}`}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableScroller>
  )
}
