import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react'
import { ArrowLeft } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { useBlendDetail } from '#client/lib/blend-queries.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useCopySharedBlend } from '#client/features/journal/hooks/use-copy-shared-blend.ts'
import { useJournalLocation, type JournalView } from '#client/features/journal/hooks/use-journal-location.ts'
import { useWithWaitingWrites } from '#client/features/journal/hooks/use-waiting-writes.ts'
import { useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'
import { BlendDetails } from '#client/features/journal/components/blend-details.tsx'
import { BlendList } from '#client/features/journal/components/blend-list.tsx'
import { BackToJournal, JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/journal/journal-catalog.ts'

// Its own chunk (decision 037): most visits never compare, and the journal is near its budget.
// The Modify Blend editor loads when opened, with the save path's schemas: the journal itself reads and shows.
const BlendEditor = lazy(() => import('#client/features/journal/components/blend-editor.tsx').then((m) => ({ default: m.BlendEditor })))
const VersionCompare = lazy(() =>
  import('#client/features/journal/components/compare/version-compare.tsx').then((m) => ({ default: m.VersionCompare })),
)

/** docs/product.md "Offline at the bench": a blend never saved on this device, opened offline. */
export const BLEND_NOT_ON_DEVICE = "This blend isn't saved on this device. It will load when you're back online."

/** The versions open on one blend's details; another blend starts with all closed. */
interface Expanded {
  blendId: number | null
  ids: ReadonlySet<number>
}
const NONE_EXPANDED: Expanded = { blendId: null, ids: new Set() }

/** The version named by a `#add-test-<id>` address (addTestPath), when it is one of these. */
function targetedVersion(versionIds: readonly number[]): ReadonlySet<number> {
  const match = /^#add-test-(\d+)$/.exec(window.location.hash)
  const id = match ? Number(match[1]) : null
  return id !== null && versionIds.includes(id) ? new Set([id]) : NONE_EXPANDED.ids
}

const viewKey = (view: JournalView) => (view.mode === 'list' ? 'list' : `${view.mode}-${view.blendId}`)

/**
 * The journal (docs/product.md §2, "Journal"): the list, a blend's details, or the Modify Blend
 * editor. The list loads a page at a time; a blend's details and the editor load that one blend
 * (GET /api/blends/{id}), so a link to ?blend=12 needs nothing else. The header's journal link
 * fires 'resetJournalState', which returns to the top of the list with no blend selected, no
 * editor and no version open.
 */
export function JournalPage() {
  const t = useMessages()
  const { view, go } = useJournalLocation()
  const [expanded, setExpanded] = useState<Expanded>(NONE_EXPANDED)
  const setPosition = useJournalFilters((s) => s.setPosition)
  // The comparison loads what it shows itself (GET /api/blends/{id}/compare).
  const selectedId = view.mode === 'list' || view.mode === 'compare' ? null : view.blendId
  const blend = useBlendDetail(selectedId)
  // Entries, ratings and notes made on this device show at once, marked until the server has them.
  const shown = useWithWaitingWrites(blend.data)
  // A blend's details arrive through the query cache, whose updates React renders at once, in one
  // task (useSyncExternalStore): on a slow phone the first render of a blend's details was a task
  // of 300-600 ms (docs/quality.md, decision 076). Its first render is a deferred one instead, in
  // slices that yield, the loading state showing until it is done; later changes to the same blend
  // (a test entry saved) render at once as before.
  const settledId = useDeferredValue(shown?.id ?? null)
  const ready = shown !== undefined && settledId === shown.id
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
  useFocusOnViewChange(view.mode === 'list' || view.mode === 'compare' || ready ? viewKey(view) : `${viewKey(view)}-loading`)

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
            <Spinner label={t('journal.page.copying')} />
            {t('journal.page.copyingShared')}
          </p>
        ) : null}
        <BlendList
          onOpen={(blendId) => leave(blendId, { mode: 'details', blendId })}
          onNewVersion={(blendId) => leave(blendId, { mode: 'editor', blendId, returnTo: 'list' })}
        />
      </>
    )
  }

  if (view.mode === 'compare') {
    const { blendId } = view
    return (
      <div className="flex flex-col gap-6">
        <div>
          <Button variant="ghost" size="sm" onClick={() => go({ mode: 'details', blendId })} className="-ml-3">
            <ArrowLeft aria-hidden="true" />
            {t('journal.page.backToBlend')}
          </Button>
        </div>
        <JournalHeading title={t('journal.page.compareTitle')} />
        <Suspense fallback={<Spinner label={t('journal.page.loadingComparison')} />}>
          <VersionCompare
            blendId={blendId}
            a={view.a}
            b={view.b}
            onChange={(a, b) => go({ mode: 'compare', blendId, a, b }, { replace: true })}
          />
        </Suspense>
      </div>
    )
  }

  const toList = () => go({ mode: 'list' })
  if (!shown || !ready) {
    const missing = blend.error instanceof ApiError && blend.error.status === 404
    return (
      <div className="flex flex-col gap-6">
        <BackToJournal onClick={toList} />
        {blend.isPending || shown ? (
          <>
            <JournalHeading title={view.mode === 'editor' ? t('journal.page.modifyTitle') : t('journal.page.blendTitle')} />
            <div className="flex items-center gap-3 text-muted-foreground">
              <Spinner label={t('journal.page.loadingBlendLabel')} />
              <span>{t('journal.page.loadingBlend')}</span>
            </div>
          </>
        ) : missing ? (
          <JournalHeading title={t('journal.page.notFoundTitle')}>
            <p>{t('journal.page.notFound')}</p>
          </JournalHeading>
        ) : (
          <>
            <JournalHeading title={t('journal.page.blendTitle')} />
            <LoadError
              message={t('journal.page.loadFailed')}
              error={blend.error}
              notOnDeviceMessage={t('journal.page.notOnDevice')}
              onRetry={() => void blend.refetch()}
            />
          </>
        )}
      </div>
    )
  }

  const detail = shown
  if (view.mode === 'editor') {
    return (
      <Suspense fallback={<Spinner label={t('journal.page.loadingEditor')} />}>
        <BlendEditor
          blend={detail}
          onCancel={() => go(view.returnTo === 'list' ? { mode: 'list' } : { mode: 'details', blendId: detail.id })}
          onSaved={(blendId, versionId) => {
            setExpanded({ blendId, ids: new Set([versionId]) })
            go({ mode: 'details', blendId }, { replace: true })
          }}
        />
      </Suspense>
    )
  }

  // A link to a version's add-test form (Home's "Ready to test", a reminder) opens that version.
  const open = expanded.blendId === detail.id ? expanded.ids : targetedVersion(detail.versions.map((v) => v.id))
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
      // A batch's "Add test entry" opens the version it was made of (decision 052).
      onOpenVersion={(versionId) => setExpanded({ blendId: detail.id, ids: new Set([...open, versionId]) })}
      onBack={toList}
      onNewVersion={() => go({ mode: 'editor', blendId: detail.id, returnTo: 'details' })}
      onCompare={(a, b) => go({ mode: 'compare', blendId: detail.id, a, b })}
    />
  )
}

/**
 * When the journal switches mode, start at the top with focus on the new heading; back on the
 * list from a blend, return to where the list was, with focus on that blend's card.
 */
function useFocusOnViewChange(key: string) {
  const previous = useRef(key)
  useLayoutEffect(() => {
    if (previous.current === key) return
    previous.current = key
    // Read when the view changes, not subscribed to: remembering the position as a blend is
    // opened must not render the journal again before the blend's own render (that tap's INP).
    const { position } = useJournalFilters.getState()
    const card = key === 'list' && position ? document.querySelector<HTMLElement>(`[data-journal-open="${position.blendId}"]`) : null
    if (card && position) {
      window.scrollTo({ top: position.scrollY })
      card.focus({ preventScroll: true })
      return
    }
    window.scrollTo({ top: 0 })
    document.querySelector<HTMLElement>('[data-journal-heading]')?.focus({ preventScroll: true })
  }, [key])
}
