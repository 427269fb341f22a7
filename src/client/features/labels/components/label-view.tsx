import { Link } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import type { Label, LabelAllergen, LabelMissing } from '#shared/api/labels.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { formatLabelPercent } from '#client/features/labels/lib/label-format.ts'

const USE_LABELS = { 'leave-on': 'leave-on', 'rinse-off': 'rinse-off' } as const

const grams = (value: number) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value)} g`

/** "Lavender, lot L-12": a bottle as the label names it. */
const bottleName = (source: { oilName: string; lotCode: string | null }) =>
  source.lotCode ? `${source.oilName}, lot ${source.lotCode}` : source.oilName

/** Why an oil's allergens are unknown, in a sentence that names the bottle. */
export function missingSentence(missing: LabelMissing): string {
  const what = bottleName(missing)
  const from = missing.supplier ? ` from ${missing.supplier}` : ''
  switch (missing.reason) {
    case 'no-declaration':
      return `${what}${from} has no allergen declaration (${grams(missing.grams)} of oil).`
    case 'not-on-shelf':
      return `${missing.oilName} is not on your shelf, so no declaration covers its ${grams(missing.grams)}.`
    case 'bottle-deleted':
      return `The ${what} bottle${from} was deleted from your shelf, so its declaration is gone (${grams(missing.grams)} of oil).`
  }
}

/** The product, its threshold and whether the label is complete. */
export function LabelFacts({ label }: { label: Label }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">Product type</dt>
        <dd className="font-semibold text-foreground">{`${label.productLabel} (${USE_LABELS[label.use]})`}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">Declared above</dt>
        <dd className="font-semibold tabular-nums text-foreground">{`${formatLabelPercent(label.thresholdPercent)} of the product`}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">Batch</dt>
        <dd className="font-semibold tabular-nums text-foreground">{`${grams(label.productGrams)} at ${formatLabelPercent(label.oilPercentage)} essential oil`}</dd>
      </div>
    </dl>
  )
}

/** The amber warning naming every bottle whose allergens are unknown: the label is then incomplete. */
export function MissingWarning({ label }: { label: Label }) {
  if (label.missing.length === 0) return null
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-2">
        <p className="font-semibold">This label is incomplete: some oil&apos;s allergens are unknown, and unknown is never read as none.</p>
        <ul className="grid list-disc gap-1 pl-5">
          {label.missing.map((missing) => (
            <li key={`${missing.oilId}-${missing.bottleId ?? 'none'}-${missing.reason}`}>{missingSentence(missing)}</li>
          ))}
        </ul>
        <p>
          Enter the supplier&apos;s declaration on your{' '}
          <Link to="/shelf" className={textButtonClass}>
            shelf
          </Link>{' '}
          (the bottle&apos;s Allergens), then come back to this label.
        </p>
      </div>
    </div>
  )
}

function Sources({ allergen }: { allergen: LabelAllergen }) {
  if (allergen.fromRecipe) {
    const oils = [...new Set(allergen.sources.map((s) => s.oilName))].join(', ')
    return (
      <p className="text-xs text-muted-foreground">{`From the recipe: ${oils} is this annex entry, named in the ingredient list as ${allergen.inci}; no supplier declaration is needed.`}</p>
    )
  }
  return (
    <ul aria-label={`Where the ${allergen.name} comes from`} className="grid gap-0.5 text-xs text-muted-foreground">
      {allergen.sources.map((source) => (
        <li key={`${source.oilId}-${source.bottleId ?? 'recipe'}`}>{`${bottleName(source)}: ${formatLabelPercent(source.percent)}`}</li>
      ))}
    </ul>
  )
}

function AllergenRow({ allergen, threshold }: { allergen: LabelAllergen; threshold?: number }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 border-b border-border py-2.5 last:border-b-0">
      <div className="min-w-0">
        <p className="font-medium text-foreground">
          {allergen.inci}
          {allergen.inci !== allergen.name ? <span className="font-normal text-muted-foreground">{` (${allergen.name})`}</span> : null}
        </p>
        <Sources allergen={allergen} />
      </div>
      <p className="text-right text-sm tabular-nums">
        <span className="font-semibold text-foreground">{formatLabelPercent(allergen.percent)}</span>
        {threshold !== undefined ? (
          <span className="block text-xs text-muted-foreground">{`${formatLabelPercent(threshold - allergen.percent)} under`}</span>
        ) : null}
      </p>
    </li>
  )
}

/** "Declare on the label" and "Present but under the threshold". */
export function LabelAllergens({ label }: { label: Label }) {
  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Declare on the label</CardTitle>
            <CardDescription>{`Each allergen above ${formatLabelPercent(label.thresholdPercent)} of the finished product, and the bottles it comes from.`}</CardDescription>
          </div>
          {label.complete ? (
            <Badge variant="secondary">Complete</Badge>
          ) : (
            <Badge colors="border-amber-400 bg-amber-50 text-amber-950">Incomplete</Badge>
          )}
        </CardHeader>
        <CardContent>
          {label.declared.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {label.complete
                ? 'No allergen is above the threshold: the label declares none.'
                : 'No allergen found above the threshold so far, but the declarations are incomplete.'}
            </p>
          ) : (
            <ul aria-label="Allergens to declare">
              {label.declared.map((allergen) => (
                <AllergenRow key={allergen.entryId} allergen={allergen} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Present but under the threshold</CardTitle>
          <CardDescription>Not declared. The margin shows how close each one comes; a stronger batch may bring it over.</CardDescription>
        </CardHeader>
        <CardContent>
          {label.belowThreshold.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul aria-label="Allergens under the threshold">
              {label.belowThreshold.map((allergen) => (
                <AllergenRow key={allergen.entryId} allergen={allergen} threshold={label.thresholdPercent} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  )
}
