import { ArrowRight, Droplet, Layers, Leaf, Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { canStart, resolveWizardPlace, type StartingPoint } from '#shared/domain/wizard.ts'
import { Button } from '#client/components/ui/button.tsx'
import { blendDraftStore, useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { StartCard } from '#client/features/blend-creator/components/start-card.tsx'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { EffectChoice, FamilyChoice, NoteTypeChoice, OilChoice } from '#client/features/blend-creator/components/start-choices.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { shownOilName } from '#client/lib/oil-words.ts'
// Rendered on its own by the painted pages' test: the creator's words load with it.
import '#client/features/blend-creator/creator-catalog.ts'
import { listAnd } from '#client/features/blend-creator/lib/creator-words.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * Step 1's heading and introduction; `painted`: as the server paints them before the app runs
 * (app/painted-pages.tsx), drawn by the build in each language from the same catalog (decision 102).
 */
export function StartHeading({ painted = false }: { painted?: boolean }) {
  const t = useMessages()
  return (
    <StepHeading title={t('creator.start.title')} painted={painted}>
      {t('creator.start.intro')}
    </StepHeading>
  )
}

/** What the bar above the start button says about the current choice. */
function describe(t: Translate, choice: StartingPoint): string {
  switch (choice.type) {
    case 'essential-oil':
      return choice.essentialOil ? t('creator.start.fromOil', { oil: shownOilName(choice.essentialOil) }) : t('creator.start.chooseOil')
    case 'effect':
      return choice.value.length > 0 ? t('creator.start.fromEffects', { effects: listAnd(t, choice.value) }) : t('creator.start.tickEffect')
    case 'scent-family':
      return choice.value ? t('creator.start.fromFamily', { family: choice.value }) : t('creator.start.chooseFamily')
    default:
      return t('creator.start.choosePoint')
  }
}

/** Step 1, 'Create Your Perfect Blend' (docs/product.md §2): four starting points and 'Start Your Blend'. */
export function StepStart({ oils }: { oils: { data?: EssentialOil[]; isPending: boolean; isError: boolean } }) {
  const stored = useBlendDraft((s) => s.startingPoint)
  const { goTo } = useWizardNavigation()
  const t = useMessages()
  // The starting point is stored, then step 2 opens: the preselected layer's picker, the oil's
  // confirmation, or the blend so far when the same start keeps its oils.
  const start = (startingPoint: StartingPoint) => {
    blendDraftStore.getState().start(startingPoint)
    goTo(resolveWizardPlace({ step: 2, layer: null }, blendDraftStore.getState()))
  }
  // A note-type start begins at once, so only the other three are kept as a pending choice.
  const [choice, setChoice] = useState<StartingPoint>(stored.type === 'note-type' ? { type: null } : stored)
  useRoomAboveStickyBar()

  return (
    <div className="flex flex-col gap-8">
      <StartHeading />

      <div className="grid gap-4 md:grid-cols-2">
        <StartCard
          id="start-oil"
          icon={Droplet}
          title={t('creator.start.oilTitle')}
          description={t('creator.start.oilDescription')}
          active={choice.type === 'essential-oil'}
        >
          <OilChoice
            oils={oils}
            value={choice.type === 'essential-oil' ? choice.essentialOil : null}
            onChange={(essentialOil) => setChoice({ type: 'essential-oil', essentialOil })}
          />
        </StartCard>

        <StartCard
          id="start-effect"
          icon={Sparkles}
          title={t('creator.start.effectTitle')}
          description={t('creator.start.effectDescription')}
          active={choice.type === 'effect'}
        >
          <EffectChoice value={choice.type === 'effect' ? choice.value : []} onChange={(value) => setChoice({ type: 'effect', value })} />
        </StartCard>

        <StartCard
          id="start-note"
          icon={Layers}
          title={t('creator.start.noteTitle')}
          description={t('creator.start.noteDescription')}
          active={false}
        >
          <NoteTypeChoice onChoose={(value) => start({ type: 'note-type', value })} />
        </StartCard>

        <StartCard
          id="start-family"
          icon={Leaf}
          title={t('creator.start.familyTitle')}
          description={t('creator.start.familyDescription')}
          active={choice.type === 'scent-family'}
        >
          <FamilyChoice
            value={choice.type === 'scent-family' ? choice.value : null}
            onChange={(value) => setChoice({ type: 'scent-family', value })}
          />
        </StartCard>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 border-t sm:static border-border bg-background/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:bg-card sm:px-6 sm:shadow-card">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {describe(t, choice)}
          </p>
          <Button size="lg" disabled={!canStart(choice)} onClick={() => start(choice)} className="w-full sm:w-auto">
            {t('creator.start.go')}
            <ArrowRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  )
}

/** On phones the start button sticks to the bottom: keep what gets keyboard focus from hiding under it. */
function useRoomAboveStickyBar() {
  useEffect(() => {
    const root = document.documentElement
    const before = root.style.scrollPaddingBottom
    root.style.scrollPaddingBottom = '7rem'
    return () => {
      root.style.scrollPaddingBottom = before
    }
  }, [])
}
