import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useJournalLocation, type JournalView } from '#client/features/journal/hooks/use-journal-location.ts'
import { BlendDetails } from '#client/features/journal/components/blend-details.tsx'
import { BlendEditor } from '#client/features/journal/components/blend-editor.tsx'
import { BlendList } from '#client/features/journal/components/blend-list.tsx'
import { BackToJournal, JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/features/journal/components/load-error.tsx'
import { useBlends, useProjects } from '#client/lib/blends.ts'

/** The versions open on one blend's details; another blend starts with all closed. */
interface Expanded {
  blendId: number | null
  ids: ReadonlySet<number>
}
const NONE_EXPANDED: Expanded = { blendId: null, ids: new Set() }

const viewKey = (view: JournalView) => (view.mode === 'list' ? 'list' : `${view.mode}-${view.blendId}`)

/**
 * The journal (SPEC.md §2, §4 "Journal views"): the list, a blend's details, or the Modify Blend
 * editor. The header's journal link fires 'resetJournalState', which returns to the list with no
 * blend selected, no editor and no version open. Projects load only once a blend is selected.
 */
export function JournalPage() {
  const { view, go } = useJournalLocation()
  const [expanded, setExpanded] = useState<Expanded>(NONE_EXPANDED)
  const blends = useBlends()
  const selectedId = view.mode === 'list' ? null : view.blendId
  const projects = useProjects({ enabled: selectedId !== null })

  const reset = useEffectEvent(() => {
    setExpanded(NONE_EXPANDED)
    go({ mode: 'list' }, { replace: true })
  })
  useEffect(() => {
    const onReset = () => reset()
    window.addEventListener(RESET_JOURNAL_STATE_EVENT, onReset)
    return () => window.removeEventListener(RESET_JOURNAL_STATE_EVENT, onReset)
  }, [])

  useFocusOnViewChange(viewKey(view))

  if (view.mode === 'list') {
    return (
      <BlendList
        onOpen={(blendId) => go({ mode: 'details', blendId })}
        onNewVersion={(blendId) => go({ mode: 'editor', blendId, returnTo: 'list' })}
      />
    )
  }

  const toList = () => go({ mode: 'list' })
  const blend = blends.data?.find((b) => b.id === view.blendId)
  if (!blend) {
    return (
      <div className="flex flex-col gap-6">
        <BackToJournal onClick={toList} />
        {blends.isPending ? (
          <div className="flex items-center gap-3 text-muted-foreground">
            <Spinner label="Loading your blends" />
            <span>Loading your blends...</span>
          </div>
        ) : blends.isError ? (
          <LoadError message="Your blends could not be loaded just now." onRetry={() => void blends.refetch()} />
        ) : (
          <JournalHeading title="Blend not found">
            <p>This blend is not in your journal. It may have been deleted.</p>
          </JournalHeading>
        )}
      </div>
    )
  }

  if (view.mode === 'editor') {
    return (
      <BlendEditor
        blend={blend}
        projects={projects}
        onCancel={() => go(view.returnTo === 'list' ? { mode: 'list' } : { mode: 'details', blendId: blend.id })}
        onSaved={(blendId, versionId) => {
          setExpanded({ blendId, ids: new Set([versionId]) })
          go({ mode: 'details', blendId }, { replace: true })
        }}
      />
    )
  }

  const open = expanded.blendId === blend.id ? expanded.ids : NONE_EXPANDED.ids
  return (
    <BlendDetails
      blend={blend}
      projects={projects}
      expanded={open}
      onToggleVersion={(versionId) => {
        const ids = new Set(open)
        if (ids.has(versionId)) ids.delete(versionId)
        else ids.add(versionId)
        setExpanded({ blendId: blend.id, ids })
      }}
      onBack={toList}
      onNewVersion={() => go({ mode: 'editor', blendId: blend.id, returnTo: 'details' })}
    />
  )
}

/** When the journal switches mode, start at the top with focus on the new heading. */
function useFocusOnViewChange(key: string) {
  const previous = useRef(key)
  useEffect(() => {
    if (previous.current === key) return
    previous.current = key
    window.scrollTo({ top: 0 })
    document.querySelector<HTMLElement>('[data-journal-heading]')?.focus({ preventScroll: true })
  }, [key])
}
