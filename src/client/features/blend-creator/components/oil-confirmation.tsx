import { ArrowLeft, Check, RotateCcw } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { effectBadgeLimit } from '#shared/domain/blend-properties.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { OilBadges } from '#client/features/blend-creator/components/oil-badges.tsx'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName as blendName, useShownOilName } from '#client/lib/oil-words.ts'
import { useOilNote } from '#client/lib/oil-notes-words.ts'
import { noteLower, noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

/** Step 2 (a): the oil of an oil start, and the layer to put it in (docs/product.md §2). */
export function OilConfirmation({ oil, suggested, alternatives }: { oil: EssentialOil; suggested: NoteType; alternatives: NoteType[] }) {
  const setNoteOil = useBlendDraft((s) => s.setNoteOil)
  const { goTo } = useWizardNavigation()
  const backToStart = () => goTo({ step: 1, layer: null })
  const t = useMessages()
  const oilName = useShownOilName()
  const oilNote = useOilNote()

  return (
    <div className="flex flex-col gap-8">
      <StepHeading title={t('creator.confirm.title', { note: noteTitle(t, suggested) })}>
        {t('creator.confirm.lead', { oil: oilName(oil), note: noteLower(t, suggested) })}
      </StepHeading>

      <Card className="flex flex-col gap-5 p-6 sm:p-8">
        <div>
          <h2 className="font-display text-2xl font-semibold text-foreground">{oilName(oil)}</h2>
          <p className="mt-1 text-muted-foreground italic">{oil.latinName}</p>
        </div>
        <OilBadges oil={oil} effectLimit={effectBadgeLimit('oil-details', 'essential-oil')} />
        <p className="max-w-3xl leading-relaxed text-foreground">{oilNote(oil)}</p>
        {oil.blendsWith.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{t('creator.oil.blendsWith')}</span>
            {oil.blendsWith.map(blendName).join(', ')}
          </p>
        ) : null}

        <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:flex-wrap sm:items-center">
          <Button size="lg" onClick={() => setNoteOil(suggested, oil)}>
            <Check aria-hidden="true" />
            {t('creator.confirm.yes', { note: noteTitle(t, suggested) })}
          </Button>
          <Button size="lg" variant="outline" onClick={backToStart}>
            <RotateCcw aria-hidden="true" />
            {t('creator.confirm.different')}
          </Button>
        </div>

        {alternatives.length > 0 ? (
          <section aria-labelledby="alternative-notes-title" className="flex flex-col gap-3">
            <h3 id="alternative-notes-title" className="text-sm font-semibold text-foreground">
              {t('creator.confirm.alternatives')}
            </h3>
            <div className="flex flex-wrap gap-2">
              {alternatives.map((type) => (
                <Button key={type} variant="secondary" onClick={() => setNoteOil(type, oil)}>
                  {t('creator.confirm.addAs', { layer: type })}
                </Button>
              ))}
            </div>
          </section>
        ) : null}
      </Card>

      <div>
        <Button variant="ghost" onClick={backToStart}>
          <ArrowLeft aria-hidden="true" />
          {t('creator.nav.backToStart')}
        </Button>
      </div>
    </div>
  )
}
