import { ArrowLeft, Printer } from 'lucide-react'
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
import { useBottleTrace } from '#client/features/batches/api/trace.ts'
import { DocumentLinks, Facts, Section } from '#client/features/batches/components/trace-parts.tsx'
import { formatDay, formatNumber, pathId, productLabel } from '#client/lib/trace-format.ts'

const BackToShelf = () => (
  <Link to="/shelf" className={`${textButtonClass} inline-flex items-center gap-1 self-start print:hidden`}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    Back to the shelf
  </Link>
)

/**
 * /shelf/bottles/:id (issue 36; docs/product.md "Batch records"): one bottle as a lot, its
 * documents, and every batch that drew from it: the recall view, printable, that says which
 * batches a faulty lot went into and how much of each was made.
 */
export function BottlePage() {
  const id = pathId(useParams().id)
  if (id === null) return <NotOnShelf />
  return <BottleTraceView bottleId={id} />
}

function NotOnShelf() {
  return (
    <div className="flex flex-col gap-4">
      <PageHeading title="Bottle not found">This bottle is not on your shelf. It may have been deleted.</PageHeading>
      <BackToShelf />
    </div>
  )
}

function BottleTraceView({ bottleId }: { bottleId: number }) {
  const trace = useBottleTrace(bottleId)
  const [printing, setPrinting] = useState(false)
  if (trace.isPending)
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Bottle" />
        <Spinner label="Loading the bottle" />
      </div>
    )
  if (trace.isError) {
    if (trace.error instanceof ApiError && trace.error.status === 404) return <NotOnShelf />
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title="Bottle" />
        <LoadError message="Could not load this bottle." error={trace.error} onRetry={() => void trace.refetch()} />
      </div>
    )
  }
  const first: BottleTrace = trace.data.pages[0]!
  const { lot, documents, batchCount } = first
  const batches = trace.data.pages.flatMap((p) => p.batches.items)
  const title = lot.lotCode ? `${lot.oilName}, lot ${lot.lotCode}` : `${lot.oilName} bottle`

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
      toast.success('Recall list ready', { description: 'On A4 paper, as a PDF.' })
    } catch {
      toast.error('Could not make the recall list', { description: 'Please try again.' })
    } finally {
      setPrinting(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <BackToShelf />
      <PageHeading title={title}>Where this bottle came from, its documents, and every batch made with it.</PageHeading>
      <Section id="lot-heading" title="The lot">
        <Facts
          items={[
            ['Oil', lot.oilName],
            ['Lot code', lot.lotCode ?? 'Not recorded'],
            ['Supplier', lot.supplier ?? 'Not recorded'],
            ['Purchased', lot.purchasedOn ? formatDay(lot.purchasedOn) : 'Not recorded'],
            ...(lot.openedOn ? ([['Opened', formatDay(lot.openedOn)]] as [string, string][]) : []),
            ...(lot.bestBefore ? ([['Best before', formatDay(lot.bestBefore)]] as [string, string][]) : []),
            ['Left', `${formatNumber(lot.remaining)} ${lot.unit} of ${formatNumber(lot.size)} ${lot.unit}`],
          ]}
        />
      </Section>
      <Section id="documents-heading" title="Documents">
        <DocumentLinks documents={documents} empty="No documents are attached to this bottle." />
      </Section>
      <Section
        id="recall-heading"
        title="Batches made with this lot"
        action={
          batchCount > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void printRecall()} disabled={printing} className="print:hidden">
              <Printer aria-hidden="true" />
              {printing ? 'Preparing...' : 'Print recall list'}
            </Button>
          ) : null
        }
      >
        <p className="text-sm text-muted-foreground">
          {batchCount === 0
            ? 'No batch has been made with this bottle yet.'
            : `${batchCount} ${batchCount === 1 ? 'batch' : 'batches'} drew from this lot. If the lot is faulty, these are the batches it went into.`}
        </p>
        {batches.length > 0 ? <RecallTable batches={batches} /> : null}
        {trace.hasNextPage ? (
          <Button
            variant="outline"
            className="self-start print:hidden"
            onClick={() => void trace.fetchNextPage()}
            disabled={trace.isFetchingNextPage}
          >
            {trace.isFetchingNextPage ? 'Loading...' : 'Show more batches'}
          </Button>
        ) : null}
      </Section>
    </div>
  )
}

function RecallTable({ batches }: { batches: readonly LotBatch[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              Made on
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Batch
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              Product
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Made
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Of this lot
            </th>
          </tr>
        </thead>
        <tbody>
          {batches.map((b) => (
            <tr key={b.batchId} className="border-t border-border align-top">
              <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{formatDay(b.madeOn)}</td>
              <td className="py-2 pr-3">
                <Link to={batchPagePath(b.batchId)} className={textButtonClass}>
                  {b.code}
                </Link>
                {/* On a phone the day and the product go under the code, so the table fits the screen. */}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {`${formatDay(b.madeOn)} · ${b.blendName} ${b.reference}, ${productLabel(b.productType)}`}
                </span>
              </td>
              <td className="hidden py-2 pr-3 sm:table-cell">{`${b.blendName} ${b.reference}, ${productLabel(b.productType)}`}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                <span className="whitespace-nowrap">{`${formatNumber(b.weight)} ${b.unit}`}</span>
                {b.units ? <span className="block whitespace-nowrap">{`${b.units} units`}</span> : null}
              </td>
              <td className="py-2 text-right tabular-nums whitespace-nowrap">{`${formatNumber(b.lotAmount)} ${b.lotUnit}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
