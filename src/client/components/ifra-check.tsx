import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { FileQuestion, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import type { IfraCheck, IfraCheckRequest } from '#shared/api/ifra.ts'
import { IFRA_CATEGORIES, ifraCategoryOf, isIfraCategory, type IfraCategory } from '#shared/domain/ifra.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { joinAnd } from '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { ifraCategoryName } from '#client/lib/safety-words.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'

type T = ReturnType<typeof useMessages>

const REASONS: Record<string, string> = {
  'no-certificate': 'common.ifra.reason.noCertificate',
  'category-not-on-certificate': 'common.ifra.reason.categoryNotOnCertificate',
  'not-on-shelf': 'common.ifra.reason.notOnShelf',
}

/** Why an oil's limit is unknown, in words, with the lots that lack one. */
export function unknownText(t: T, oil: IfraCheck['oils'][number]): string {
  const lots = oil.lots.filter((l) => l.limit === null && l.lotCode).map((l) => t('common.ifra.lot', { code: l.lotCode }))
  const why = (oil.reasons ?? []).map((r) => (REASONS[r] ? t(REASONS[r]) : r)).join('; ')
  return lots.length > 0
    ? t('common.ifra.unknownLots', { oil: oilName(oil.oilName), why, lots: lots.join(', ') })
    : t('common.ifra.unknown', { oil: oilName(oil.oilName), why })
}

/** An oil's limit as the certificates give it. */
const limitText = (t: T, limit: number | 'no-restriction') =>
  limit === 'no-restriction' ? t('common.ifra.noRestriction') : t('common.ifra.ofProduct', { percent: shownPercent(limit) })

/** Where an oil's limit comes from: each lot and its certificate's amendment. */
function lotSource(t: T, lot: IfraCheck['oils'][number]['lots'][number]): string {
  const name = lot.lotCode ? t('common.ifra.lot', { code: lot.lotCode }) : t('common.ifra.noLotCode')
  return lot.issuedOn
    ? t('common.ifra.lotSourceIssued', { lot: name, amendment: lot.amendment, issued: lot.issuedOn })
    : t('common.ifra.lotSource', { lot: name, amendment: lot.amendment })
}

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
  const t = useMessages()
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
        <CardTitle>{t('common.ifra.title')}</CardTitle>
        <CardDescription>{t('common.ifra.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm print:gap-2 print:p-4">
        {batch === null ? (
          <p className="text-muted-foreground">{t('common.ifra.chooseProductType')}</p>
        ) : (
          <>
            {mapped === null ? (
              <div className="grid gap-1.5 print:hidden">
                <Label htmlFor={`${id}-category`}>{t('common.ifra.category')}</Label>
                <Select
                  id={`${id}-category`}
                  className="w-full"
                  value={chosen}
                  placeholder={t('common.ifra.chooseCategory')}
                  aria-describedby={`${id}-category-hint`}
                  onChange={(event) => setChosen(event.target.value as IfraCategory)}
                >
                  {IFRA_CATEGORIES.map((c) => (
                    <option key={c} value={c}>{`${c}: ${ifraCategoryName(t, c)}`}</option>
                  ))}
                </Select>
                <p id={`${id}-category-hint`} className="text-xs text-muted-foreground">
                  {t('common.ifra.categoryHint')}
                </p>
              </div>
            ) : null}
            {category === null ? null : check.isError && !data ? (
              <LoadError inline message={t('common.ifra.loadError')} error={check.error} onRetry={() => void check.refetch()} />
            ) : !data ? (
              <Spinner label={t('common.ifra.checking')} />
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
  const t = useMessages()
  return (
    <Card className="print:break-inside-avoid" data-testid="recorded-ifra">
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>{t('common.ifra.recordedTitle')}</CardTitle>
        <CardDescription>
          {check
            ? check.amendments.length > 0
              ? t('common.ifra.recordedFrom', { amendments: joinAnd(t, check.amendments) })
              : t('common.ifra.recorded')
            : t('common.ifra.notRecorded')}
        </CardDescription>
      </CardHeader>
      {check ? (
        <CardContent className="flex flex-col gap-4 text-sm print:p-4">
          {check.status === 'no-category' ? (
            <p className="text-muted-foreground">{t('common.ifra.noCategory', { productType: check.productType })}</p>
          ) : (
            <IfraResult check={check} />
          )}
        </CardContent>
      ) : null}
    </Card>
  )
}

export function IfraResult({ check }: { check: IfraCheck }) {
  const t = useMessages()
  const id = useId()
  const unknown = check.oils.filter((o) => o.maxProductPercent === 'unknown')
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="text-muted-foreground">
        {t('common.ifra.categoryName', {
          category: check.category,
          name: check.category && isIfraCategory(check.category) ? ifraCategoryName(t, check.category) : check.categoryName,
        })}
      </p>
      <p className="text-foreground" data-testid="ifra-maximum">
        {check.maxBlendPercent === null ? (
          unknown.length === check.oils.length ? (
            t('common.ifra.noneKnown')
          ) : (
            t('common.ifra.allUnrestricted')
          )
        ) : (
          <>
            <strong className="font-semibold">{t('common.ifra.maximum', { percent: shownPercent(check.maxBlendPercent) })}</strong>
            {check.complete ? null : ' '}
            {t(check.complete ? 'common.ifra.limitedBy' : 'common.ifra.limitedByAtMost', {
              oil: oilName(check.limitingOil!.oilName),
              limit: shownPercent(check.limitingOil!.limit),
              share: shownPercent(check.limitingOil!.blendPercent),
              chosen: shownPercent(check.oilPercentage),
            })}
          </>
        )}
      </p>
      {check.status === 'over' ? (
        <p role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
          <span>
            <strong className="font-semibold">{t('common.ifra.above')}</strong>{' '}
            {t('common.ifra.overText', {
              chosen: shownPercent(check.oilPercentage),
              max: shownPercent(check.maxBlendPercent!),
              category: check.category,
            })}
          </span>
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <section aria-labelledby={`${id}-unknown`} className="flex flex-col gap-2">
          <h3 id={`${id}-unknown`} className="flex items-center gap-2 font-medium text-foreground">
            <FileQuestion aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            {t('common.ifra.unknownHeading')}
          </h3>
          <ul aria-label={t('common.ifra.unknownList')} className="flex flex-col gap-2">
            {unknown.map((oil) => (
              <li key={oil.oilId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                {unknownText(t, oil)}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">{t('common.ifra.unknownNote')}</p>
        </section>
      ) : null}
      {check.status === 'within' ? (
        <p className="flex items-center gap-2 text-foreground">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {t('common.ifra.within')}
        </p>
      ) : null}
      <details className="text-muted-foreground">
        <summary className="cursor-pointer">{t('common.ifra.details')}</summary>
        <ul className="mt-2 flex flex-col gap-1">
          {check.oils.map((oil) => (
            <li key={oil.oilId}>
              {oil.maxProductPercent === 'unknown'
                ? unknownText(t, oil)
                : oil.lots.length > 0
                  ? t('common.ifra.oilLimitFrom', {
                      oil: oilName(oil.oilName),
                      limit: limitText(t, oil.maxProductPercent),
                      lots: joinAnd(
                        t,
                        oil.lots.map((l) => lotSource(t, l)),
                      ),
                    })
                  : t('common.ifra.oilLimit', { oil: oilName(oil.oilName), limit: limitText(t, oil.maxProductPercent) })}
            </li>
          ))}
        </ul>
      </details>
    </div>
  )
}
