import type { EssentialOil } from '#shared/api/oils.ts'
import { combinedEffects, effectBadgeLimit, scentProfileParts } from '#shared/domain/blend-properties.ts'
import { scentProfileText } from '#client/features/blend-creator/lib/scent-profile-words.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { accordLabel, chosenAccords, type Composition, type DraftAccord } from '#shared/domain/wizard.ts'
import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

/** A summary card's heading: the layer and its share of the blend. */
function SummaryCardHeading({ layer, percentage }: { layer: NoteType; percentage: number }) {
  const t = useMessages()
  return (
    <div className="flex items-baseline justify-between gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-primary uppercase">{noteTitle(t, layer)}</h3>
      <p className="font-display text-3xl font-semibold text-foreground tabular-nums">{`${percentage}%`}</p>
    </div>
  )
}

/** One layer on the summary: percentage, oil, Latin name, family and at most 2 effects. */
export function SummaryNoteCard({ layer, oil, percentage }: { layer: NoteType; oil: EssentialOil; percentage: number }) {
  const t = useMessages()
  const oilName = useShownOilName()
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <SummaryCardHeading layer={layer} percentage={percentage} />
      <div>
        <p className="text-lg font-semibold text-foreground">{oilName(oil)}</p>
        <p className="text-sm text-muted-foreground italic">{oil.latinName}</p>
      </div>
      <ul aria-label={t('creator.summary.familyAndEffects', { oil: oilName(oil) })} className="mt-auto flex flex-wrap gap-1.5">
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
  const t = useMessages()
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <SummaryCardHeading layer={layer} percentage={percentage} />
      <div>
        <p className="text-lg font-semibold text-foreground">{accordLabel(accord)}</p>
        <p className="text-sm text-muted-foreground">{t('creator.accord.usedWhole')}</p>
      </div>
    </Card>
  )
}

/** The blend as a whole: its combined effects (at most 4) and scent profile. */
export function BlendPropertiesCard({ composition }: { composition: Composition }) {
  const effects = combinedEffects(composition)
  const t = useMessages()
  const vocabulary = useVocabulary()
  const profile = scentProfileText(t, vocabulary.family, scentProfileParts(composition))
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-foreground">{t('creator.summary.properties')}</h2>
      <dl className="grid gap-5 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <dt className="text-sm font-medium text-muted-foreground">{t('creator.summary.effects')}</dt>
          <dd>
            {effects.length > 0 ? (
              <ul aria-label={t('creator.summary.effectsList')} className="flex flex-wrap gap-1.5">
                {effects.map((effect) => (
                  <li key={effect}>
                    <EffectBadge effect={effect} />
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-sm text-muted-foreground">{t('creator.summary.noneListed')}</span>
            )}
          </dd>
        </div>
        <div className="flex flex-col gap-2">
          <dt className="text-sm font-medium text-muted-foreground">{t('creator.summary.profile')}</dt>
          <dd className="text-foreground">
            {profile ?? (chosenAccords(composition).length > 0 ? t('creator.summary.profileAccord') : null)}
          </dd>
        </div>
      </dl>
    </Card>
  )
}
