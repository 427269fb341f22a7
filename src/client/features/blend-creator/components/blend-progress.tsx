import { ArrowLeft, ArrowRight, Pencil, Plus, Sparkles } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { effectBadgeLimit } from '#shared/domain/blend-properties.ts'
import { NOTE_TYPES, type Effect, type NoteType } from '#shared/domain/vocabulary.ts'
import { accordIn, accordLabel, isComplete, oilIn, percentageOf, startEffects, type DraftAccord } from '#shared/domain/wizard.ts'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { OilBadges } from '#client/features/blend-creator/components/oil-badges.tsx'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

/** Step 2 (b): the three layers so far; an empty one opens its picker, a filled one swaps its oil. */
export function BlendProgress() {
  const composition = useBlendDraft((s) => s.composition)
  const isEditMode = useBlendDraft((s) => s.isEditMode)
  const startingPoint = useBlendDraft((s) => s.startingPoint)
  const { goTo, openPicker } = useWizardNavigation()
  const goToStep = (step: 1 | 3) => goTo({ step, layer: null })
  const complete = isComplete(composition)
  const t = useMessages()

  return (
    <div className="flex flex-col gap-8">
      <StepHeading title={isEditMode ? t('creator.progress.editTitle') : t('creator.progress.buildTitle')}>
        {isEditMode ? t('creator.progress.editLead') : t('creator.progress.buildLead')}
      </StepHeading>

      {complete ? (
        <div className="flex flex-col gap-4 rounded-card border border-primary/20 bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div className="flex items-start gap-3">
            <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold text-primary">{t('creator.progress.completeTitle')}</p>
              <p className="text-sm text-foreground">{t('creator.progress.completeText')}</p>
            </div>
          </div>
          <Button onClick={() => goToStep(3)}>{t('creator.progress.review')}</Button>
        </div>
      ) : null}

      <ol className="grid gap-4 md:grid-cols-3">
        {NOTE_TYPES.map((layer) => (
          <li key={layer} className="flex">
            <LayerCard
              layer={layer}
              oil={oilIn(composition, layer)}
              accord={accordIn(composition, layer)}
              percentage={percentageOf(composition, layer)}
              effectLimit={effectBadgeLimit('oil-details', startingPoint.type)}
              preferEffects={startEffects(startingPoint)}
              onPick={() => openPicker(layer)}
            />
          </li>
        ))}
      </ol>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => goToStep(1)}>
          <ArrowLeft aria-hidden="true" />
          {t('creator.nav.backToStart')}
        </Button>
        {complete ? (
          <Button size="lg" onClick={() => goToStep(3)}>
            {t('creator.progress.continue')}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  )
}

function LayerCard({
  layer,
  oil,
  accord,
  percentage,
  effectLimit,
  preferEffects,
  onPick,
}: {
  layer: NoteType
  oil: EssentialOil | null
  /** One of the maker's saved blend versions holding the layer instead of an oil (decision 077). */
  accord: DraftAccord | null
  percentage: number
  effectLimit: number
  preferEffects: readonly Effect[]
  onPick: () => void
}) {
  const t = useMessages()
  const oilName = useShownOilName()
  const header = (
    <span className="flex items-baseline justify-between gap-2">
      <span className="text-sm font-semibold tracking-wide text-primary uppercase">{noteTitle(t, layer)}</span>
      <span className="font-display text-2xl font-semibold text-foreground tabular-nums">{`${percentage}%`}</span>
    </span>
  )
  const frame =
    'flex w-full flex-col gap-3 rounded-card border p-5 text-left transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

  if (!oil && !accord) {
    return (
      <button
        type="button"
        onClick={onPick}
        className={cn(frame, 'cursor-pointer border-dashed border-input/60 bg-card/60 hover:border-primary hover:bg-primary-soft')}
      >
        {header}
        <span className="text-sm text-muted-foreground">{t(`creator.progress.hint.${layer}`)}</span>
        <span className="mt-auto inline-flex items-center gap-2 pt-4 text-sm font-medium text-primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('creator.progress.choose', { note: noteTitle(t, layer) })}
        </span>
      </button>
    )
  }

  const body = accord ? (
    <>
      {header}
      <div>
        <p className="text-lg font-semibold text-foreground">{accordLabel(accord)}</p>
        <p className="text-sm text-muted-foreground">{t('creator.accord.usedWhole')}</p>
      </div>
    </>
  ) : oil ? (
    <>
      {header}
      <div>
        <p className="text-lg font-semibold text-foreground">{oilName(oil)}</p>
        <p className="text-sm text-muted-foreground italic">{oil.latinName}</p>
      </div>
      <OilBadges oil={oil} effectLimit={effectLimit} showNoteTypes={false} preferEffects={preferEffects} />
    </>
  ) : null

  // The whole card is a target for the pointer; its button is the target for the keyboard.
  return (
    <div onClick={onPick} className={cn(frame, 'cursor-pointer border-border bg-card shadow-card hover:border-primary')}>
      {body}
      <Button
        variant="outline"
        size="sm"
        className="mt-auto self-start"
        aria-label={t(accord ? 'creator.progress.changeAccordLabel' : 'creator.progress.changeOilLabel', { note: noteTitle(t, layer) })}
        onClick={(event) => {
          event.stopPropagation()
          onPick()
        }}
      >
        <Pencil aria-hidden="true" />
        {accord ? t('creator.progress.change') : t('creator.progress.changeOil')}
      </Button>
    </div>
  )
}
