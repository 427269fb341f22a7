import type { EssentialOil } from '#shared/api/oils.ts'
import { combinedEffects, effectBadgeLimit, scentProfile } from '#shared/domain/blend-properties.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { accordLabel, chosenAccords, type Composition, type DraftAccord } from '#shared/domain/wizard.ts'
import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'

/** A summary card's heading: the layer and its share of the blend. */
function SummaryCardHeading({ layer, percentage }: { layer: NoteType; percentage: number }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-primary uppercase">{`${layer} Note`}</h3>
      <p className="font-display text-3xl font-semibold text-foreground tabular-nums">{`${percentage}%`}</p>
    </div>
  )
}

/** One layer on the summary: percentage, oil, Latin name, family and at most 2 effects. */
export function SummaryNoteCard({ layer, oil, percentage }: { layer: NoteType; oil: EssentialOil; percentage: number }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <SummaryCardHeading layer={layer} percentage={percentage} />
      <div>
        <p className="text-lg font-semibold text-foreground">{oil.name}</p>
        <p className="text-sm text-muted-foreground italic">{oil.latinName}</p>
      </div>
      <ul aria-label={`${oil.name} family and effects`} className="mt-auto flex flex-wrap gap-1.5">
        <li>
          <FamilyBadge family={oil.scentFamily} />
        </li>
        {oil.effects.slice(0, effectBadgeLimit('summary-card', null)).map((effect) => (
          <li key={effect}>
            <EffectBadge effect={effect} />
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** A layer holding an accord on the summary (decision 077): its percentage and 'Citrus Dawn 001b'. */
export function SummaryAccordCard({ layer, accord, percentage }: { layer: NoteType; accord: DraftAccord; percentage: number }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <SummaryCardHeading layer={layer} percentage={percentage} />
      <div>
        <p className="text-lg font-semibold text-foreground">{accordLabel(accord)}</p>
        <p className="text-sm text-muted-foreground">An accord: one of your saved blends, used whole</p>
      </div>
    </Card>
  )
}

/** The blend as a whole: its combined effects (at most 4) and scent profile. */
export function BlendPropertiesCard({ composition }: { composition: Composition }) {
  const effects = combinedEffects(composition)
  const profile = scentProfile(composition)
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-foreground">Blend Properties</h2>
      <dl className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <dt className="text-sm font-medium text-muted-foreground">Effects</dt>
          <dd>
            {effects.length > 0 ? (
              <ul aria-label="Blend effects" className="flex flex-wrap gap-1.5">
                {effects.map((effect) => (
                  <li key={effect}>
                    <EffectBadge effect={effect} />
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-sm text-muted-foreground">None listed</span>
            )}
          </dd>
        </div>
        <div className="flex flex-col gap-2">
          <dt className="text-sm font-medium text-muted-foreground">Scent Profile</dt>
          <dd className="text-foreground">
            {profile ?? (chosenAccords(composition).length > 0 ? 'Not worked out for a blend holding an accord' : null)}
          </dd>
        </div>
      </dl>
    </Card>
  )
}
