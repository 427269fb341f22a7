import { LotWarnings } from '#client/components/lot-warnings.tsx'
import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import type { ClpNotice, LabelMissing } from '#shared/api/labels.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import type { LabelSource } from '#client/lib/label-links.ts'
import { useClpNotice } from '#client/features/labels/api/labels.ts'
import { missingSentence } from '#client/features/labels/components/label-view.tsx'
import { formatLabelPercent } from '#client/features/labels/lib/label-format.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

/**
 * Home fragrance on /label (docs/product.md "Home fragrance and CLP"): a CLP hazard label applies,
 * not the cosmetic allergen label. Lists the declared allergens at 0.1 % or more, as they would
 * appear in its "Contains ..." line (EUH208), and those at 1 % or more; it does not classify the
 * product.
 */
export function HomeFragranceNotice({ source, typeLabel }: { source: Extract<LabelSource, { mode: 'preview' }>; typeLabel: string }) {
  const t = useMessages()
  const notice = useClpNotice({
    versionId: source.versionId,
    productType: source.productType,
    weight: source.weight,
    unit: source.unit,
    oilPercentage: source.oilPercentage,
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('labels.home.title', { type: typeLabel })}</CardTitle>
        <CardDescription>{t('labels.home.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {notice.isPending ? (
          <Spinner label={t('labels.home.reading')} />
        ) : notice.isError ? (
          <LoadError
            message={t('labels.home.failed')}
            detail={notice.error.message}
            error={notice.error}
            onRetry={() => void notice.refetch()}
          />
        ) : (
          <ClpDetails notice={notice.data} />
        )}
        <p className="text-muted-foreground">{t('labels.home.notClassification')}</p>
      </CardContent>
    </Card>
  )
}

function Missing({ missing }: { missing: LabelMissing[] }) {
  const t = useMessages()
  if (missing.length === 0) return null
  const [before, after] = aroundPlaceholder(t, 'labels.home.enterOnShelf', 'shelf')
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-2">
        <p className="font-semibold">{t('labels.home.incomplete')}</p>
        <ul className="grid list-disc gap-1 pl-5">
          {missing.map((m) => (
            <li key={`${m.oilId}-${m.bottleId ?? 'none'}-${m.reason}`}>{missingSentence(t, m)}</li>
          ))}
        </ul>
        <p>
          {before}
          <Link to="/shelf" className={textButtonClass}>
            {t('labels.missing.shelf')}
          </Link>
          {after}
        </p>
      </div>
    </div>
  )
}

function ClpDetails({ notice }: { notice: ClpNotice }) {
  const t = useMessages()
  return (
    <>
      <LotWarnings warnings={notice.lotWarnings ?? []} id="home-lot-warnings" />
      <Missing missing={notice.missing} />
      <div className="grid gap-2">
        <h3 className="font-semibold text-foreground">
          {t('labels.home.contains', { percent: formatLabelPercent(notice.containsPercent) })}
        </h3>
        {notice.containsText ? (
          <>
            <p className="rounded-lg border border-border bg-muted/40 p-3 font-medium text-foreground">{notice.containsText}</p>
            <ul aria-label={t('labels.home.containsList')} className="grid gap-1">
              {notice.contains.map((a) => (
                <li key={a.entryId} className="flex justify-between gap-4 border-b border-border py-1 last:border-b-0">
                  <span>{a.inci}</span>
                  <span className="tabular-nums">{formatLabelPercent(a.percent)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-muted-foreground">{notice.complete ? t('labels.home.none') : t('labels.home.noneSoFar')}</p>
        )}
      </div>
      {notice.overSensitiserPercent.length > 0 ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t('labels.home.sensitiser', {
            percent: formatLabelPercent(notice.sensitiserPercent),
            allergens: notice.overSensitiserPercent.map((a) => a.inci).join(', '),
          })}
        </p>
      ) : null}
    </>
  )
}
