import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import { RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { useBlendDetail } from '#client/lib/blend-queries.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useCopySharedBlend } from '#client/features/journal/hooks/use-copy-shared-blend.ts'
import { useJournalLocation, type JournalView } from '#client/features/journal/hooks/use-journal-location.ts'
import { useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'
import { BlendDetails } from '#client/features/journal/components/blend-details.tsx'
import { BlendEditor } from '#client/features/journal/components/blend-editor.tsx'
import { BlendList } from '#client/features/journal/components/blend-list.tsx'
import { BackToJournal, JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/features/journal/components/load-error.tsx'

/** The versions open on one blend's details; another blend starts with all closed. */
interface Expanded {
  blendId: number | null
  ids: ReadonlySet<number>
}
const NONE_EXPANDED: Expanded = { blendId: null, ids: new Set() }

const viewKey = (view: JournalView) => (view.mode === 'list' ? 'list' : `${view.mode}-${view.blendId}`)

/**
 * The journal (docs/product.md §2, "Journal"): the list, a blend's details, or the Modify Blend
 * editor. The list loads a page at a time; a blend's details and the editor load that one blend
 * (GET /api/blends/{id}), so a link to ?blend=12 needs nothing else. The header's journal link
 * fires 'resetJournalState', which returns to the top of the list with no blend selected, no
 * editor and no version open.
 */
export function JournalPage() {
  const { view, go } = useJournalLocation()
  const [expanded, setExpanded] = useState<Expanded>(NONE_EXPANDED)
  const setPosition = useJournalFilters((s) => s.setPosition)
  const selectedId = view.mode === 'list' ? null : view.blendId
  const blend = useBlendDetail(selectedId)
  const openCopy = useCallback((blendId: number) => go({ mode: 'details', blendId }, { replace: true }), [go])
  const { copying } = useCopySharedBlend(openCopy)

  const reset = useEffectEvent(() => {
    setExpanded(NONE_EXPANDED)
    setPosition(null)
    go({ mode: 'list' }, { replace: true })
  })
  useEffect(() => {
    const onReset = () => reset()
    window.addEventListener(RESET_JOURNAL_STATE_EVENT, onReset)
    return () => window.removeEventListener(RESET_JOURNAL_STATE_EVENT, onReset)
  }, [])

  // A blend's heading takes focus once the blend has loaded (its loading state has one of its own).
  useFocusOnViewChange(view.mode === 'list' || blend.data ? viewKey(view) : `${viewKey(view)}-loading`)

  if (view.mode === 'list') {
    // Leaving the list remembers where it was, so the way back returns to the same card.
    const leave = (blendId: number, next: JournalView) => {
      setPosition({ blendId, scrollY: window.scrollY })
      go(next)
    }
    return (
      <>
        {copying ? (
          <p role="status" className="mb-4 flex items-center gap-3 rounded-lg bg-primary-soft px-4 py-3 text-sm text-foreground">
            <Spinner label="Copying" />
            Copying the shared blend into your journal...
          </p>
        ) : null}
        <BlendList
          onOpen={(blendId) => leave(blendId, { mode: 'details', blendId })}
          onNewVersion={(blendId) => leave(blendId, { mode: 'editor', blendId, returnTo: 'list' })}
        />
      </>
    )
  }

  const toList = () => go({ mode: 'list' })
  if (!blend.data) {
    const missing = blend.error instanceof ApiError && blend.error.status === 404
    return (
      <div className="flex flex-col gap-6">
        <BackToJournal onClick={toList} />
        {blend.isPending ? (
          <>
            <JournalHeading title={view.mode === 'editor' ? 'Modify Blend' : 'Blend'} />
            <div className="flex items-center gap-3 text-muted-foreground">
              <Spinner label="Loading the blend" />
              <span>Loading the blend...</span>
            </div>
          </>
        ) : missing ? (
          <JournalHeading title="Blend not found">
            <p>This blend is not in your journal. It may have been deleted.</p>
          </JournalHeading>
        ) : (
          <>
            <JournalHeading title="Blend" />
            <LoadError message="This blend could not be loaded just now." onRetry={() => void blend.refetch()} />
          </>
        )}
      </div>
    )
  }

  const detail = blend.data
  if (view.mode === 'editor') {
    return (
      <BlendEditor
        blend={detail}
        onCancel={() => go(view.returnTo === 'list' ? { mode: 'list' } : { mode: 'details', blendId: detail.id })}
        onSaved={(blendId, versionId) => {
          setExpanded({ blendId, ids: new Set([versionId]) })
          go({ mode: 'details', blendId }, { replace: true })
        }}
      />
    )
  }

  const open = expanded.blendId === detail.id ? expanded.ids : NONE_EXPANDED.ids
  return (
    <BlendDetails
      blend={detail}
      expanded={open}
      onToggleVersion={(versionId) => {
        const ids = new Set(open)
        if (ids.has(versionId)) ids.delete(versionId)
        else ids.add(versionId)
        setExpanded({ blendId: detail.id, ids })
      }}
      onBack={toList}
      onNewVersion={() => go({ mode: 'editor', blendId: detail.id, returnTo: 'details' })}
    />
  )
}

/**
 * When the journal switches mode, start at the top with focus on the new heading; back on the
 * list from a blend, return to where the list was, with focus on that blend's card.
 */
function useFocusOnViewChange(key: string) {
  const previous = useRef(key)
  const position = useJournalFilters((s) => s.position)
  useLayoutEffect(() => {
    if (previous.current === key) return
    previous.current = key
    const card = key === 'list' && position ? document.querySelector<HTMLElement>(`[data-journal-open="${position.blendId}"]`) : null
    if (card && position) {
      window.scrollTo({ top: position.scrollY })
      card.focus({ preventScroll: true })
      return
    }
    window.scrollTo({ top: 0 })
    document.querySelector<HTMLElement>('[data-journal-heading]')?.focus({ preventScroll: true })
  }, [key, position])
}
