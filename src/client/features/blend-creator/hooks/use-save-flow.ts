import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { canSave } from '#shared/domain/wizard-save.ts'
import { isCompositionTotalValid } from '#shared/domain/wizard.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { SAVE_ERRORS, useSaveBlend, type SaveResult } from '#client/features/blend-creator/api/save-blend.ts'
import type { UrlProject } from '#client/features/blend-creator/lib/url-project.ts'
import { forgetStoredBlendDraft } from '#client/features/blend-creator/draft-storage.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** docs/product.md §9: the journal opens 1.5 s after a successful save. */
export const NAVIGATE_AFTER_SAVE_MS = 1500

/**
 * Save to Journal (docs/product.md §4 "Save flow"): validates, saves with one request, shows the toast of
 * what the server says the save did, then opens the journal. A saved draft is done with: it is
 * forgotten at once in storage and cleared as the journal opens, so the wizard starts a fresh one
 * and a reload, Back or a second press cannot save it again; a failed save leaves it as it was. A
 * press while a save is in flight, or after one succeeded, does nothing. When the blend in the URL
 * is gone, `staleProject` is set and `saveAsNewBlend` saves the draft as a blend of its own.
 */
export function useSaveFlow(urlProject: UrlProject | null) {
  const mutation = useSaveBlend()
  const navigate = useNavigate()
  const [, setSearchParams] = useSearchParams()
  const [saved, setSaved] = useState(false)
  const [staleProjectId, setStaleProjectId] = useState<number | null>(null)
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const singleFlight = useSingleFlight()
  const t = useMessages()

  // The draft is cleared as the page goes (to the journal, or wherever the user went first), so the
  // summary never shows step 1 while the toast is up; leaving early cancels the trip to the journal.
  useEffect(
    () => () => {
      if (pending.current === null) return
      clearTimeout(pending.current)
      blendDraftStore.getState().reset()
    },
    [],
  )

  const onSuccess = (result: SaveResult) => {
    if (result.outcome === 'versioned') {
      toast.success(t('creator.toast.versionSaved'), { description: t('creator.toast.versionSavedText', { blend: result.blendName }) })
    } else {
      toast.success(t('creator.toast.blendSaved'), { description: t('creator.toast.blendSavedText') })
    }
    setSaved(true)
    forgetStoredBlendDraft()
    pending.current = setTimeout(() => void navigate('/journal'), NAVIGATE_AFTER_SAVE_MS)
  }

  const saveTo = (projectId: number | null) => {
    // Saved already: the journal opens in a moment.
    if (pending.current !== null) return
    const { composition, blendName, notes } = blendDraftStore.getState()
    if (!canSave(composition, blendName)) {
      toast.error(t('creator.toast.incomplete'), { description: t('creator.toast.incompleteText') })
      return
    }
    // The button is disabled meanwhile and the proportions say 'Should total 100%'.
    if (!isCompositionTotalValid(composition)) return
    // mutate's own callbacks (they do not run once the page is left); settling frees the button.
    singleFlight(
      () =>
        new Promise<void>((settled) =>
          mutation.mutate(
            { composition, name: blendName, notes, projectId },
            {
              onSuccess,
              onError: (error) => {
                // Retrying can never work: the summary offers a new blend instead of a toast saying "try again".
                if (error.staleProject && projectId !== null) setStaleProjectId(projectId)
                else toast.error(known(t, error.title), { description: known(t, error.description) })
              },
              onSettled: () => settled(),
            },
          ),
        ),
    )
  }

  /** Drops the gone blend from the URL and saves the draft by its name, as a blend of its own. */
  const saveAsNewBlend = () => {
    setSearchParams(
      (params) => {
        params.delete('project')
        params.delete('projectName')
        return params
      },
      { replace: true },
    )
    saveTo(null)
  }

  return {
    save: () => saveTo(urlProject?.id ?? null),
    saveAsNewBlend,
    saving: mutation.isPending || saved,
    /** The draft is in the journal now (the journal opens in a moment). */
    saved,
    staleProject: urlProject !== null && staleProjectId === urlProject.id,
  }
}

/** The save errors' own words (SAVE_ERRORS) in the shown language; a server's message is shown as it came. */
const SAVE_ERROR_IDS = new Map<string, string>([
  [SAVE_ERRORS.blend[0], 'creator.toast.saveBlendFailed'],
  [SAVE_ERRORS.version[0], 'creator.toast.saveVersionFailed'],
  [SAVE_ERRORS.blend[1], 'creator.toast.tryLater'],
  [SAVE_ERRORS.version[1], 'creator.toast.tryLater'],
])

function known(t: (id: string) => string, text: string): string {
  const id = SAVE_ERROR_IDS.get(text)
  return id ? t(id) : text
}
