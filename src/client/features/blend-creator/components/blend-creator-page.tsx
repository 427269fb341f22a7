import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { stepTwoView } from '#shared/domain/wizard.ts'
import { NEW_BLEND_STATE } from '#client/lib/app-events.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useUrlProject } from '#client/features/blend-creator/hooks/use-url-project.ts'
import { blendDraftStore, useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { BlendProgress } from '#client/features/blend-creator/components/blend-progress.tsx'
import { OilConfirmation } from '#client/features/blend-creator/components/oil-confirmation.tsx'
import { OilPicker } from '#client/features/blend-creator/components/oil-picker.tsx'
import { WIZARD_HEADING_ID } from '#client/features/blend-creator/components/step-heading.tsx'
import { StepStart } from '#client/features/blend-creator/components/step-start.tsx'
import { StepSummary } from '#client/features/blend-creator/components/step-summary.tsx'
import { WizardProgress } from '#client/features/blend-creator/components/wizard-progress.tsx'

/**
 * /blend: the three-step blend creator (docs/product.md §2). The draft lives in a persisted store, so a
 * reload lands on the same step; 'New Blend' and 'Create New Blend' elsewhere reset it.
 */
export function BlendCreatorPage() {
  useResetRequests()
  const oils = useOils()
  const urlProject = useUrlProject()
  const step = useBlendDraft((s) => s.currentStep)
  const startingPoint = useBlendDraft((s) => s.startingPoint)
  const composition = useBlendDraft((s) => s.composition)
  const currentNoteType = useBlendDraft((s) => s.currentNoteType)

  const view = step === 2 ? stepTwoView({ startingPoint, composition, currentNoteType }) : null
  const viewKey = `${step}:${view?.kind ?? ''}:${view?.kind === 'picker' ? view.layer : ''}`
  useFocusHeadingOnChange(viewKey)

  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      <WizardProgress step={step} />
      {step === 1 ? <StepStart oils={oils} /> : null}
      {view?.kind === 'confirm-oil' ? (
        <OilConfirmation oil={view.oil} suggested={view.suggested} alternatives={view.alternatives} />
      ) : null}
      {view?.kind === 'progress' ? <BlendProgress /> : null}
      {view?.kind === 'picker' ? <OilPicker key={view.layer} layer={view.layer} oils={oils} /> : null}
      {step === 3 ? <StepSummary urlProject={urlProject} /> : null}
    </div>
  )
}

/**
 * Honours a navigation that asks for a fresh draft (the store itself listens for the shell's
 * 'resetBlendDraft' event, but a page opened with the request may have loaded after it fired).
 */
function useResetRequests() {
  const location = useLocation()
  const navigate = useNavigate()
  const askedForNewBlend = (location.state as Partial<typeof NEW_BLEND_STATE> | null)?.resetBlendDraft === true

  useEffect(() => {
    if (!askedForNewBlend) return
    blendDraftStore.getState().reset()
    // Forget the request, so a reload keeps the draft the user has built since.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })
  }, [askedForNewBlend, location.pathname, location.search, navigate])
}

/**
 * When the wizard moves on (not on the first render), the new view starts at the top of the page
 * and keyboard focus moves to its heading.
 */
function useFocusHeadingOnChange(key: string) {
  const previous = useRef(key)
  useEffect(() => {
    if (previous.current === key) return
    previous.current = key
    window.scrollTo({ top: 0 })
    document.getElementById(WIZARD_HEADING_ID)?.focus({ preventScroll: true })
  }, [key])
}
