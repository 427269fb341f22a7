import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FileQuestion, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import type { IfraCheck, IfraCheckRequest } from '#shared/api/ifra.ts'
import { IFRA_CATEGORIES, IFRA_CATEGORY_NAMES, ifraCategoryOf, type IfraCategory } from '#shared/domain/ifra.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'

const REASONS: Record<string, string> = {
  'no-certificate': 'its bottle has no IFRA certificate',
  'category-not-on-certificate': 'its certificate does not give this category',
  'not-on-shelf': 'no bottle on your shelf gives it',
}

/** Why an oil's limit is unknown, in words, with the lots that lack one. */
export function unknownText(oil: IfraCheck['oils'][number]): string {
  const lots = oil.lots.filter((l) => l.limit === null && l.lotCode).map((l) => `lot ${l.lotCode}`)
  const why = (oil.reasons ?? []).map((r) => REASONS[r] ?? r).join('; ')
  return `${oil.oilName}: unknown (${why}${lots.length > 0 ? `: ${lots.join(', ')}` : ''}).`
}

/** An oil's limit as the certificates give it. */
const limitText = (limit: number | 'no-restriction') =>
  limit === 'no-restriction' ? 'no restriction' : `${formatPercent(limit)} of the product`

/**
 * The IFRA check of the calculator's batch (docs/product.md "The IFRA check"; decision 070): for
 * the product type's IFRA category, the maximum % of the blend in the product and the oil that
 * limits it, from the certificates of the lots "Mark as made" would draw, beside the chosen %; a
 * batch over it is flagged, and an oil whose limit is not known is named as unknown.
 */
export function IfraPanel({
  batch,
  overAction,
}: {
  batch: Omit<IfraCheckRequest, 'category'> | null
  /** Offered under the result when the batch is over the IFRA maximum (the calculator's "Make it compliant"). */
  overAction?: ReactNode
}) {
  const id = useId()
  const mapped = batch ? ifraCategoryOf(batch.productType) : null
  const [chosen, setChosen] = useState<IfraCategory | ''>('')
  const category = mapped ?? (chosen || null)
  // The server is asked once typing pauses, not per key.
  const typed = JSON.stringify(batch && category ? { ...batch, ...(mapped ? {} : { category }) } : null)
  const body = JSON.parse(useDebouncedValue(typed, 300)) as IfraCheckRequest | null
  const check = useQuery({
    queryKey: [...SHELF_QUERY_KEY, 'ifra-check', body],
    queryFn: async () => readAs(await apiRequest('POST', '/api/ifra/check', body), 'IfraCheck'),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  })
  const data = check.data && body ? check.data : null

  return (
    <Card className={data === null ? 'print:hidden' : 'print:break-inside-avoid'} data-testid="ifra-panel">
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>IFRA limits</CardTitle>
        <CardDescription>
          From the IFRA certificates you entered for your bottles. Accord holds none of IFRA&apos;s own data.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm print:gap-2 print:p-4">
        {batch === null ? (
          <p className="text-muted-foreground">Choose a product type to check the blend against your certificates&apos; IFRA limits.</p>
        ) : (
          <>
            {mapped === null ? (
              <div className="grid gap-1.5 print:hidden">
                <Label htmlFor={`${id}-category`}>IFRA category</Label>
                <Select
                  id={`${id}-category`}
                  className="w-full"
                  value={chosen}
                  placeholder="Choose the IFRA category"
                  aria-describedby={`${id}-category-hint`}
                  onChange={(event) => setChosen(event.target.value as IfraCategory)}
                >
                  {IFRA_CATEGORIES.map((c) => (
                    <option key={c} value={c}>{`${c}: ${IFRA_CATEGORY_NAMES[c]}`}</option>
                  ))}
                </Select>
                <p id={`${id}-category-hint`} className="text-xs text-muted-foreground">
                  This product type covers products of several IFRA categories: choose the one of your product.
                </p>
              </div>
            ) : null}
            {category === null ? null : check.isError && !data ? (
              <LoadError inline message="The IFRA check could not be loaded." error={check.error} onRetry={() => void check.refetch()} />
            ) : !data ? (
              <Spinner label="Checking IFRA limits" />
            ) : (
              <>
                <IfraResult check={data} />
                {data.status === 'over' && overAction ? overAction : null}
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * The IFRA check recorded with a batch when it was made (docs/product.md "The IFRA check"): the
 * amendment, the category, the limit and the lots' certificates, as they were then.
 */
export function RecordedIfra({ check }: { check: IfraCheck | null | undefined }) {
  return (
    <Card className="print:break-inside-avoid" data-testid="recorded-ifra">
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>IFRA check</CardTitle>
        <CardDescription>
          {check
            ? `Recorded when the batch was made${check.amendments.length > 0 ? `, from certificates of the ${check.amendments.join(' and ')} amendment` : ''}.`
            : 'No IFRA check was recorded with this batch: it was made before Accord checked IFRA limits.'}
        </CardDescription>
      </CardHeader>
      {check ? (
        <CardContent className="flex flex-col gap-4 text-sm print:p-4">
          {check.status === 'no-category' ? (
            <p className="text-muted-foreground">{`The product type "${check.productType}" maps to no single IFRA category, so nothing was checked.`}</p>
          ) : (
            <IfraResult check={check} />
          )}
        </CardContent>
      ) : null}
    </Card>
  )
}

export function IfraResult({ check }: { check: IfraCheck }) {
  const id = useId()
  const unknown = check.oils.filter((o) => o.maxProductPercent === 'unknown')
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="text-muted-foreground">{`Category ${check.category}: ${check.categoryName}.`}</p>
      <p className="text-foreground" data-testid="ifra-maximum">
        {check.maxBlendPercent === null ? (
          unknown.length === check.oils.length ? (
            'No limit is known for any oil of this blend.'
          ) : (
            'Every oil with a known limit is unrestricted in this category.'
          )
        ) : (
          <>
            <strong className="font-semibold">{`Maximum ${formatPercent(check.maxBlendPercent)} of the blend in this product`}</strong>
            {check.complete ? '' : ' (at most: some limits are unknown)'}
            {`, limited by ${check.limitingOil!.oilName} (${formatPercent(check.limitingOil!.limit)} of the product at ${formatPercent(check.limitingOil!.blendPercent)} of the blend). You chose ${formatPercent(check.oilPercentage)}.`}
          </>
        )}
      </p>
      {check.status === 'over' ? (
        <p role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
          <span>
            <strong className="font-semibold">Above the IFRA maximum: </strong>
            {`${formatPercent(check.oilPercentage)} of this blend is more than the ${formatPercent(check.maxBlendPercent!)} the certificates allow in category ${check.category}.`}
          </span>
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <section aria-labelledby={`${id}-unknown`} className="flex flex-col gap-2">
          <h3 id={`${id}-unknown`} className="flex items-center gap-2 font-medium text-foreground">
            <FileQuestion aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            IFRA limit unknown
          </h3>
          <ul aria-label="Oils whose IFRA limit is unknown" className="flex flex-col gap-2">
            {unknown.map((oil) => (
              <li key={oil.oilId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                {unknownText(oil)}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">Unknown is not unrestricted: enter the bottle&apos;s IFRA certificate on your shelf.</p>
        </section>
      ) : null}
      {check.status === 'within' ? (
        <p className="flex items-center gap-2 text-foreground">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          Within the IFRA limits of every oil&apos;s certificate.
        </p>
      ) : null}
      <details className="text-muted-foreground">
        <summary className="cursor-pointer">Each oil&apos;s limit and the certificates used</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {check.oils.map((oil) => (
            <li key={oil.oilId}>
              {oil.maxProductPercent === 'unknown'
                ? unknownText(oil)
                : `${oil.oilName}: ${limitText(oil.maxProductPercent)}${oil.lots.length > 0 ? `, from ${oil.lots.map((l) => `${l.lotCode ? `lot ${l.lotCode}` : 'a bottle without a lot code'} (${l.amendment} amendment${l.issuedOn ? `, ${l.issuedOn}` : ''})`).join(' and ')}` : ''}.`}
            </li>
          ))}
        </ul>
      </details>
    </div>
  )
}
