import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { canSave, type UrlProject } from '#shared/domain/save-decision.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { useSaveBlend, type SaveResult } from '#client/features/blend-creator/api/save-blend.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/** SPEC.md §9: the journal opens 1.5 s after a successful save. */
export const NAVIGATE_AFTER_SAVE_MS = 1500

/**
 * Save to Journal (SPEC.md §4 "Save flow"): validates, saves, shows the toast, then opens the
 * journal. A saved version also clears the draft; a failed save leaves it as it was. A press while
 * a save is in flight, or after one succeeded, does nothing.
 */
export function useSaveFlow(urlProject: UrlProject | null) {
  const mutation = useSaveBlend()
  const navigate = useNavigate()
  const [saved, setSaved] = useState(false)
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; resetDraft: boolean } | null>(null)
  const singleFlight = useSingleFlight()

  // Leaving the page before the journal opens cancels the trip, but a saved version still clears the draft.
  useEffect(
    () => () => {
      if (!pending.current) return
      clearTimeout(pending.current.timer)
      if (pending.current.resetDraft) blendDraftStore.getState().reset()
    },
    [],
  )

  const save = () => {
    // Saved already: the journal opens in a moment.
    if (pending.current) return
    const { composition, blendName, notes } = blendDraftStore.getState()
    if (!canSave(composition, blendName)) {
      toast.error('Incomplete blend', { description: 'Please ensure all notes are selected and the blend has a name.' })
      return
    }
    const onSuccess = (result: SaveResult) => {
      if (result.kind === 'version') {
        toast.success('Version saved to journal!', { description: `New version added to ${result.projectName} project.` })
      } else {
        toast.success('Blend saved to journal!', { description: 'Your blend has been added to your journal.' })
      }
      setSaved(true)
      const resetDraft = result.kind === 'version'
      const timer = setTimeout(() => {
        pending.current = null
        if (resetDraft) blendDraftStore.getState().reset()
        void navigate('/journal')
      }, NAVIGATE_AFTER_SAVE_MS)
      pending.current = { timer, resetDraft }
    }
    // mutate's own callbacks (they do not run once the page is left); settling frees the button.
    singleFlight(
      () =>
        new Promise<void>((settled) =>
          mutation.mutate(
            { composition, name: blendName, notes, urlProject },
            {
              onSuccess,
              onError: (error) => toast.error(error.title, { description: error.description }),
              onSettled: () => settled(),
            },
          ),
        ),
    )
  }

  return { save, saving: mutation.isPending || saved }
}
