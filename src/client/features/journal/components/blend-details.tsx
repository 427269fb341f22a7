import { Columns2, GitBranchPlus } from 'lucide-react'
import { lazy, Suspense } from 'react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useLoadMoreEntries } from '#client/features/journal/api/get-blend-entries.ts'
import { formatDate } from '#client/features/journal/lib/format.ts'
import { BackToJournal, JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { OriginalBlendCard } from '#client/features/journal/components/original-blend-card.tsx'
import { ShareBlendDialog } from '#client/features/journal/components/share-blend-dialog.tsx'
import { VersionCard } from '#client/features/journal/components/version-card.tsx'
import { MaturationCard } from '#client/features/journal/components/maturation-card.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

// Its own chunk: the journal page's bundle is near its budget (docs/quality.md), and most visits never open a blend.
const BlendBatches = lazy(() => import('#client/features/journal/components/blend-batches.tsx').then((m) => ({ default: m.BlendBatches })))

interface BlendDetailsProps {
  blend: BlendDetail
  expanded: ReadonlySet<number>
  onToggleVersion: (versionId: number) => void
  /** Opens a version's card (a batch's "Add test entry"). */
  onOpenVersion?: (versionId: number) => void
  onBack: () => void
  onNewVersion: () => void
  /** Opens the comparison of two versions (references), first and latest to start. */
  onCompare: (a: string, b: string) => void
}

/**
 * Blend detail (docs/product.md §2, "Journal"): Back to Journal, the name and creation date; one
 * 'Original Blend' card for a blend with one version, otherwise a card per version; 'Create New
 * Version'. A blend with more tests than GET /api/blends/{id} carries offers to load the rest.
 */
export function BlendDetails({ blend, expanded, onToggleVersion, onOpenVersion, onBack, onNewVersion, onCompare }: BlendDetailsProps) {
  const t = useMessages()
  const entriesOf = (versionId: number): JournalEntry[] => blend.entries.filter((e) => e.versionId === versionId)
  const [only] = blend.versions
  const latest = blend.versions.at(-1)

  return (
    <div className="flex flex-col gap-6 print:gap-4">
      <BackToJournal onClick={onBack} />
      <JournalHeading title={blend.name}>
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          <span>{t('journal.card.created', { date: formatDate(blend.createdAt) })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('journal.versionCount', { count: blend.versionCount })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('journal.card.tests', { count: blend.testCount })}</span>
          {blend.copiedFromShare ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{t('journal.details.copied')}</span>
            </>
          ) : null}
        </p>
      </JournalHeading>
      <div className="flex flex-wrap gap-2 print:hidden">
        <ShareBlendDialog blend={blend} />
        {only && latest && blend.versions.length > 1 ? (
          <Button variant="outline" onClick={() => onCompare(only.referenceNumber, latest.referenceNumber)}>
            <Columns2 aria-hidden="true" />
            {t('journal.page.compareTitle')}
          </Button>
        ) : null}
      </div>

      <MaturationCard blend={blend} />

      {blend.versions.length === 1 && only ? (
        <OriginalBlendCard version={only} entries={entriesOf(only.id)} onOpenVersion={onOpenVersion} />
      ) : (
        <section aria-label={t('journal.details.versions')} className="flex flex-col gap-3">
          {blend.versions.map((version, index) => (
            <VersionCard
              key={version.id}
              version={version}
              position={index + 1}
              entries={entriesOf(version.id)}
              expanded={expanded.has(version.id)}
              onToggle={() => onToggleVersion(version.id)}
              onOpenVersion={onOpenVersion}
            />
          ))}
        </section>
      )}

      {blend.entriesNextCursor !== null ? <MoreEntries blend={blend} /> : null}

      <Suspense
        fallback={
          <div className="print:hidden">
            <Spinner label={t('journal.details.loadingBatches')} />
          </div>
        }
      >
        <BlendBatches projectId={blend.id} blendName={blend.name} onAddTest={onOpenVersion} />
      </Suspense>

      <div className="border-t border-border pt-6 print:hidden">
        <Button size="lg" onClick={onNewVersion}>
          <GitBranchPlus aria-hidden="true" />
          {t('journal.details.newVersion')}
        </Button>
      </div>
    </div>
  )
}

/** The tests not loaded yet, a page at a time. */
function MoreEntries({ blend }: { blend: BlendDetail }) {
  const t = useMessages()
  const more = useLoadMoreEntries(blend)
  const left = blend.testCount - blend.entries.length
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
      <span role="status">{t('journal.details.showingTests', { count: blend.entries.length, total: blend.testCount })}</span>
      <Button variant="outline" size="sm" onClick={() => more.mutate()} disabled={more.isPending}>
        {more.isPending ? t('journal.details.loading') : t('journal.details.showMoreTests', { count: Math.max(left, 0) })}
      </Button>
      {more.isError ? (
        <span role="alert" className="text-destructive">
          {t('journal.details.moreFailed')}
        </span>
      ) : null}
    </div>
  )
}
