import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { LAYER_PARAM, STEP_PARAM, stepTwoView } from '#shared/domain/wizard.ts'
import { NEW_BLEND_STATE } from '#client/lib/app-events.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useUrlProject } from '#client/features/blend-creator/hooks/use-url-project.ts'
import { useWizardPlaceSync } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { blendDraftStore, useBlendDraft, useDraftRestored } from '#client/features/blend-creator/stores/blend-draft.ts'
import { BlendProgress } from '#client/features/blend-creator/components/blend-progress.tsx'
import { OilConfirmation } from '#client/features/blend-creator/components/oil-confirmation.tsx'
import { OilPicker } from '#client/features/blend-creator/components/oil-picker.tsx'
import { focusWizardHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { StartHeading, StepStart } from '#client/features/blend-creator/components/step-start.tsx'
import { WizardProgress } from '#client/features/blend-creator/components/wizard-progress.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/blend-creator/creator-catalog.ts'

// The summary (saving, proportions, export) is its own chunk, fetched as soon as the wizard is on
// screen, so the page's first load stays small and step 3 is ready by the time it is reached.
const loadStepSummary = () => import('#client/features/blend-creator/components/step-summary.tsx')
const StepSummary = lazy(() => loadStepSummary().then((m) => ({ default: m.StepSummary })))

/**
 * /blend: the three-step blend creator (docs/product.md §2). The step and the layer being picked are in
 * the address, so Back, Forward and reload keep the place; the draft lives in a persisted store.
 * 'New Blend' and 'Create New Blend' elsewhere reset it.
 */
/** The page's column: the progress above each step's view. */
const COLUMN = 'flex flex-col gap-8 sm:gap-10'

/** Step 1's top as the server paints it before the code runs (app/painted-pages.tsx): the progress and the heading. */
export function PaintedCreatorTop() {
  return (
    <div className={COLUMN}>
      <WizardProgress step={1} />
      <StartHeading painted />
    </div>
  )
}

export function BlendCreatorPage() {
  const t = useMessages()
  // A draft kept from an earlier visit is checked before the wizard reads it (a moment: the check
  // loads only then); with none kept, the wizard shows at once.
  if (!useDraftRestored()) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('creator.page.loadingDraft')} className="[&_svg]:size-8" />
      </div>
    )
  }
  return <BlendCreator />
}

function BlendCreator() {
  const t = useMessages()
  const resetting = useResetRequests()
  const { step, layer } = useWizardPlaceSync(resetting)
  const catalog = useOils()
  // The catalog arriving re-renders the step in the background, in short slices, not in one long
  // task (Total Blocking Time, docs/quality.md).
  const data = useDeferredValue(catalog.data)
  const oils = {
    data,
    isPending: data === undefined && !catalog.isError,
    isError: data === undefined && catalog.isError,
    refetch: catalog.refetch,
  }
  const urlProject = useUrlProject()
  const startingPoint = useBlendDraft((s) => s.startingPoint)
  const composition = useBlendDraft((s) => s.composition)

  const view = step === 2 ? stepTwoView({ startingPoint, composition, currentNoteType: layer }) : null
  const viewKey = `${step}:${view?.kind ?? ''}:${view?.kind === 'picker' ? view.layer : ''}`
  useFocusHeadingOnChange(viewKey)
  // The summary's code (and the forms' validation it brings) loads once the user is past step 1,
  // well before step 3, and not while the page first loads.
  const pastStart = step > 1
  useEffect(() => {
    if (pastStart) void loadStepSummary()
  }, [pastStart])

  return (
    <div className={COLUMN}>
      <WizardProgress step={step} />
      {step === 1 ? <StepStart oils={oils} /> : null}
      {view?.kind === 'confirm-oil' ? <OilConfirmation oil={view.oil} suggested={view.suggested} alternatives={view.alternatives} /> : null}
      {view?.kind === 'progress' ? <BlendProgress /> : null}
      {view?.kind === 'picker' ? <OilPicker key={view.layer} layer={view.layer} oils={oils} /> : null}
      {step === 3 ? (
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label={t('creator.page.loadingSummary')} className="[&_svg]:size-8" />
            </div>
          }
        >
          <StepSummary urlProject={urlProject} />
        </Suspense>
      ) : null}
    </div>
  )
}

/**
 * Honours a navigation that asks for a fresh draft (the store itself listens for the shell's
 * 'resetBlendDraft' event, but a page opened with the request may have loaded after it fired).
 */
function useResetRequests(): boolean {
  const location = useLocation()
  const navigate = useNavigate()
  const askedForNewBlend = (location.state as Partial<typeof NEW_BLEND_STATE> | null)?.resetBlendDraft === true

  useEffect(() => {
    if (!askedForNewBlend) return
    blendDraftStore.getState().reset()
    // Forget the request, so a reload keeps the draft the user has built since; a fresh draft starts at step 1.
    const params = new URLSearchParams(location.search)
    params.delete(STEP_PARAM)
    params.delete(LAYER_PARAM)
    const search = params.size > 0 ? `?${params.toString()}` : ''
    void navigate({ pathname: location.pathname, search }, { replace: true, state: null })
  }, [askedForNewBlend, location.pathname, location.search, navigate])
  return askedForNewBlend
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
    focusWizardHeading()
  }, [key])
}
