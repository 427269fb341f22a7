import { Link } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import type { Label, LabelAllergen, LabelMissing } from '#shared/api/labels.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { formatLabelPercent } from '#client/features/labels/lib/label-format.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

const grams = (value: number) => `${new Intl.NumberFormat(undefined, { maximumFractionDigits: value < 10 ? 2 : 1 }).format(value)} g`

/** "Lavender, lot L-12": a bottle as the label names it, the oil in the maker's language. */
const bottleName = (t: Translate, source: { oilName: string; lotCode: string | null }) =>
  source.lotCode ? t('labels.bottle.lot', { oil: oilName(source.oilName), lot: source.lotCode }) : oilName(source.oilName)

/** Why an oil's allergens are unknown, in a sentence that names the bottle. */
export function missingSentence(t: Translate, missing: LabelMissing): string {
  const what = bottleName(t, missing)
  const amount = grams(missing.grams)
  const supplier = missing.supplier
  switch (missing.reason) {
    case 'no-declaration':
      return supplier
        ? t('labels.missing.noDeclarationFrom', { what, supplier, grams: amount })
        : t('labels.missing.noDeclaration', { what, grams: amount })
    case 'not-on-shelf':
      return t('labels.missing.notOnShelf', { oil: oilName(missing.oilName), grams: amount })
    case 'bottle-deleted':
      return supplier
        ? t('labels.missing.bottleDeletedFrom', { what, supplier, grams: amount })
        : t('labels.missing.bottleDeleted', { what, grams: amount })
  }
}

/** The product, its threshold and whether the label is complete. */
export function LabelFacts({ label }: { label: Label }) {
  const t = useMessages()
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">{t('labels.facts.productType')}</dt>
        <dd className="font-semibold text-foreground">
          {t(label.use === 'leave-on' ? 'labels.facts.leaveOn' : 'labels.facts.rinseOff', {
            product: productTypeName(t, label.productType, label.productLabel),
          })}
        </dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">{t('labels.facts.declaredAbove')}</dt>
        <dd className="font-semibold tabular-nums text-foreground">
          {t('labels.facts.ofProduct', { percent: formatLabelPercent(label.thresholdPercent) })}
        </dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-muted-foreground">{t('labels.facts.batch')}</dt>
        <dd className="font-semibold tabular-nums text-foreground">
          {t('labels.facts.batchValue', { grams: grams(label.productGrams), percent: formatLabelPercent(label.oilPercentage) })}
        </dd>
      </div>
    </dl>
  )
}

/** The amber warning naming every bottle whose allergens are unknown: the label is then incomplete. */
export function MissingWarning({ label }: { label: Label }) {
  const t = useMessages()
  if (label.missing.length === 0) return null
  const [before, after] = aroundPlaceholder(t, 'labels.missing.enterOnShelf', 'shelf')
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-2">
        <p className="font-semibold">{t('labels.missing.title')}</p>
        <ul className="grid list-disc gap-1 pl-5">
          {label.missing.map((missing) => (
            <li key={`${missing.oilId}-${missing.bottleId ?? 'none'}-${missing.reason}`}>{missingSentence(t, missing)}</li>
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

function Sources({ allergen }: { allergen: LabelAllergen }) {
  const t = useMessages()
  if (allergen.fromRecipe) {
    const oils = [...new Set(allergen.sources.map((s) => oilName(s.oilName)))].join(', ')
    return <p className="text-xs text-muted-foreground">{t('labels.allergens.fromRecipe', { oils, inci: allergen.inci })}</p>
  }
  return (
    <ul aria-label={t('labels.allergens.sources', { name: allergen.name })} className="grid gap-0.5 text-xs text-muted-foreground">
      {allergen.sources.map((source) => (
        <li key={`${source.oilId}-${source.bottleId ?? 'recipe'}`}>{`${bottleName(t, source)}: ${formatLabelPercent(source.percent)}`}</li>
      ))}
    </ul>
  )
}

function AllergenRow({ allergen, threshold }: { allergen: LabelAllergen; threshold?: number }) {
  const t = useMessages()
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
          <span className="block text-xs text-muted-foreground">
            {t('labels.allergens.margin', { margin: formatLabelPercent(threshold - allergen.percent) })}
          </span>
        ) : null}
      </p>
    </li>
  )
}

/** "Declare on the label" and "Present but under the threshold". */
export function LabelAllergens({ label }: { label: Label }) {
  const t = useMessages()
  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>{t('labels.allergens.declare.title')}</CardTitle>
            <CardDescription>
              {t('labels.allergens.declare.description', { percent: formatLabelPercent(label.thresholdPercent) })}
            </CardDescription>
          </div>
          {label.complete ? (
            <Badge variant="secondary">{t('labels.allergens.complete')}</Badge>
          ) : (
            <Badge colors="border-amber-400 bg-amber-50 text-amber-950">{t('labels.allergens.incomplete')}</Badge>
          )}
        </CardHeader>
        <CardContent>
          {label.declared.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {label.complete ? t('labels.allergens.declare.none') : t('labels.allergens.declare.noneSoFar')}
            </p>
          ) : (
            <ul aria-label={t('labels.allergens.declare.list')}>
              {label.declared.map((allergen) => (
                <AllergenRow key={allergen.entryId} allergen={allergen} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('labels.allergens.under.title')}</CardTitle>
          <CardDescription>{t('labels.allergens.under.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {label.belowThreshold.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('labels.allergens.under.none')}</p>
          ) : (
            <ul aria-label={t('labels.allergens.under.list')}>
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
