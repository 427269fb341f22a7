import { Compass } from 'lucide-react'
import { hintFor } from '#shared/domain/compatibility.ts'
import { allowedFamilies, requiredStartEffects, type PickerContext } from '#shared/domain/oil-picker.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { chosenOils, layerName, percentageOf } from '#shared/domain/wizard.ts'
import { FamilyBadge } from '#client/components/ui/badge.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'
import { layerWord, listAnd, listOr } from '#client/features/blend-creator/lib/creator-words.ts'

/** The picker's composition panel: the three layers, with the one being picked marked. */
export function CompositionPanel({ context }: { context: PickerContext }) {
  const t = useMessages()
  const shownName = useShownOilName()
  return (
    <section aria-labelledby="composition-title" className="rounded-card border border-border bg-card p-5 shadow-card">
      <h2 id="composition-title" className="text-sm font-semibold text-foreground">
        {t('creator.panel.yourBlend')}
      </h2>
      <ol className="mt-3 grid grid-cols-3 gap-2">
        {NOTE_TYPES.map((layer) => {
          const held = layerName(context.composition, layer, shownName)
          const current = layer === context.layer
          return (
            <li
              key={layer}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'flex min-w-0 flex-col gap-0.5 rounded-lg px-2.5 py-2 text-sm sm:px-3',
                current ? 'bg-primary-soft ring-1 ring-primary/30' : 'bg-muted/60',
              )}
            >
              <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {`${layerWord(t, layer)} · ${percentageOf(context.composition, layer)}%`}
              </span>
              <span className={cn('leading-snug break-words', held ? 'font-medium text-foreground' : 'text-muted-foreground')}>
                {held ?? (current ? t('creator.panel.choosingNow') : t('creator.panel.notChosen'))}
              </span>
              {current && held ? <span className="text-xs text-primary">{t('creator.panel.replacing')}</span> : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/** The picker's scent-family compatibility guide: why the list holds the families it does. */
export function CompatibilityGuide({ context }: { context: PickerContext }) {
  const others = chosenOils(context.composition, context.layer)
  const allowed = allowedFamilies(context)
  const effects = requiredStartEffects(context)
  const { startingPoint } = context
  const t = useMessages()
  const oilName = useShownOilName()
  const words = useVocabulary()

  let text: string
  if (others.length > 0) {
    text = t('creator.panel.blendsWithOthers', {
      oils: listAnd(
        t,
        others.map(({ oil }) => `${oilName(oil)} (${words.family(oil.scentFamily)})`),
      ),
    })
  } else if (startingPoint.type === 'scent-family' && startingPoint.value) {
    text = t('creator.panel.startedFamily', {
      family: words.family(startingPoint.value),
      families: hintFor(startingPoint.value).map(words.family).join(', '),
    })
  } else if (effects.length > 0) {
    text = t('creator.panel.startedEffects', {
      effects: listOr(
        t,
        effects.map((e) => words.effect(e).toLowerCase()),
      ),
    })
  } else {
    text = t('creator.panel.anyFamily')
  }

  return (
    <section aria-labelledby="compatibility-title" className="rounded-card border border-border bg-card p-5 shadow-card">
      <h2 id="compatibility-title" className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Compass aria-hidden="true" className="size-4 text-primary" />
        {t('creator.panel.compatTitle')}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      {allowed && allowed.length > 0 ? (
        <ul aria-label={t('creator.panel.compatList')} className="mt-3 flex flex-wrap gap-1.5">
          {allowed.map((family) => (
            <li key={family}>
              <FamilyBadge family={family} />
            </li>
          ))}
        </ul>
      ) : null}
      {allowed && allowed.length === 0 ? <p className="mt-3 text-sm font-medium text-foreground">{t('creator.panel.noFamily')}</p> : null}
    </section>
  )
}
