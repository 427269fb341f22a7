import { LotWarnings } from '#client/components/lot-warnings.tsx'
import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import type { ClpNotice, LabelMissing } from '#shared/api/labels.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { HOME_FRAGRANCE_TEXT, type LabelSource } from '#client/lib/label-links.ts'
import { useClpNotice } from '#client/features/labels/api/labels.ts'
import { missingSentence } from '#client/features/labels/components/label-view.tsx'
import { formatLabelPercent } from '#client/features/labels/lib/label-format.ts'

/**
 * Home fragrance on /label (docs/product.md "Home fragrance and CLP"): a CLP hazard label applies,
 * not the cosmetic allergen label. Lists the declared allergens at 0.1 % or more, as they would
 * appear in its "Contains ..." line (EUH208), and those at 1 % or more; it does not classify the
 * product.
 */
export function HomeFragranceNotice({ source, typeLabel }: { source: Extract<LabelSource, { mode: 'preview' }>; typeLabel: string }) {
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
        <CardTitle>{`${typeLabel}: a CLP hazard label applies`}</CardTitle>
        <CardDescription>{HOME_FRAGRANCE_TEXT}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {notice.isPending ? (
          <Spinner label="Reading your declarations" />
        ) : notice.isError ? (
          <LoadError
            message="The allergens could not be worked out."
            detail={notice.error.message}
            error={notice.error}
            onRetry={() => void notice.refetch()}
          />
        ) : (
          <ClpDetails notice={notice.data} />
        )}
        <p className="text-muted-foreground">
          This is not a CLP classification: the full label (pictograms, signal word, hazard and precautionary statements, your name and
          address and the nominal quantity) comes from the safety data sheets of the oils you used and the mixture&apos;s classification.
          Accord only names the declared allergens.
        </p>
      </CardContent>
    </Card>
  )
}

function Missing({ missing }: { missing: LabelMissing[] }) {
  if (missing.length === 0) return null
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-2">
        <p className="font-semibold">Incomplete: some oil&apos;s allergens are unknown, and unknown is never read as none.</p>
        <ul className="grid list-disc gap-1 pl-5">
          {missing.map((m) => (
            <li key={`${m.oilId}-${m.bottleId ?? 'none'}-${m.reason}`}>{missingSentence(m)}</li>
          ))}
        </ul>
        <p>
          Enter the supplier&apos;s declaration on your{' '}
          <Link to="/shelf" className={textButtonClass}>
            shelf
          </Link>
          .
        </p>
      </div>
    </div>
  )
}

function ClpDetails({ notice }: { notice: ClpNotice }) {
  return (
    <>
      <LotWarnings warnings={notice.lotWarnings ?? []} id="home-lot-warnings" />
      <Missing missing={notice.missing} />
      <div className="grid gap-2">
        <h3 className="font-semibold text-foreground">{`Would appear as "Contains ..." (${formatLabelPercent(notice.containsPercent)} or more of the product)`}</h3>
        {notice.containsText ? (
          <>
            <p className="rounded-lg border border-border bg-muted/40 p-3 font-medium text-foreground">{notice.containsText}</p>
            <ul aria-label="Declared allergens at 0.1 % or more" className="grid gap-1">
              {notice.contains.map((a) => (
                <li key={a.entryId} className="flex justify-between gap-4 border-b border-border py-1 last:border-b-0">
                  <span>{a.inci}</span>
                  <span className="tabular-nums">{formatLabelPercent(a.percent)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-muted-foreground">
            {notice.complete
              ? 'No declared allergen reaches 0.1 % of the product.'
              : 'No declared allergen reaches 0.1 % so far, but the declarations are incomplete.'}
          </p>
        )}
      </div>
      {notice.overSensitiserPercent.length > 0 ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {`At ${formatLabelPercent(notice.sensitiserPercent)} or more: ${notice.overSensitiserPercent.map((a) => a.inci).join(', ')}. A skin sensitiser at this level usually classifies the product itself as H317 "May cause an allergic skin reaction", with its pictogram and signal word: check each substance's classification on its safety data sheet.`}
        </p>
      ) : null}
    </>
  )
}
