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

/** Step 2 (a): the oil of an oil start, and the layer to put it in (docs/product.md §2). */
export function OilConfirmation({ oil, suggested, alternatives }: { oil: EssentialOil; suggested: NoteType; alternatives: NoteType[] }) {
  const setNoteOil = useBlendDraft((s) => s.setNoteOil)
  const { goTo } = useWizardNavigation()
  const backToStart = () => goTo({ step: 1, layer: null })

  return (
    <div className="flex flex-col gap-8">
      <StepHeading title={`Add as ${suggested} Note?`}>
        {`${oil.name} works best as a ${suggested.toLowerCase()} note. Add it there, or choose another layer it suits.`}
      </StepHeading>

      <Card className="flex flex-col gap-5 p-6 sm:p-8">
        <div>
          <h2 className="font-display text-2xl font-semibold text-foreground">{oil.name}</h2>
          <p className="mt-1 text-muted-foreground italic">{oil.latinName}</p>
        </div>
        <OilBadges oil={oil} effectLimit={effectBadgeLimit('oil-details', 'essential-oil')} />
        <p className="max-w-3xl leading-relaxed text-foreground">{oil.description}</p>
        {oil.blendsWith.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">Blends with: </span>
            {oil.blendsWith.join(', ')}
          </p>
        ) : null}

        <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:flex-wrap sm:items-center">
          <Button size="lg" onClick={() => setNoteOil(suggested, oil)}>
            <Check aria-hidden="true" />
            {`Yes Add as ${suggested} Note`}
          </Button>
          <Button size="lg" variant="outline" onClick={backToStart}>
            <RotateCcw aria-hidden="true" />
            Choose Different Oil
          </Button>
        </div>

        {alternatives.length > 0 ? (
          <section aria-labelledby="alternative-notes-title" className="flex flex-col gap-3">
            <h3 id="alternative-notes-title" className="text-sm font-semibold text-foreground">
              Alternative Note Types
            </h3>
            <div className="flex flex-wrap gap-2">
              {alternatives.map((type) => (
                <Button key={type} variant="secondary" onClick={() => setNoteOil(type, oil)}>
                  {`Add as ${type} Note`}
                </Button>
              ))}
            </div>
          </section>
        ) : null}
      </Card>

      <div>
        <Button variant="ghost" onClick={backToStart}>
          <ArrowLeft aria-hidden="true" />
          Back to Start
        </Button>
      </div>
    </div>
  )
}
