import { GitBranchPlus } from 'lucide-react'
import type { BlendProject, SavedBlend } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useBlendEntries } from '#client/features/journal/api/get-blend-entries.ts'
import { formatDate, plural } from '#client/features/journal/lib/format.ts'
import { BackToJournal, JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/features/journal/components/load-error.tsx'
import { OriginalBlendCard } from '#client/features/journal/components/original-blend-card.tsx'
import { VersionCard } from '#client/features/journal/components/version-card.tsx'

interface BlendDetailsProps {
  blend: SavedBlend
  projects: { data: BlendProject[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown }
  expanded: ReadonlySet<number>
  onToggleVersion: (versionId: number) => void
  onBack: () => void
  onNewVersion: () => void
}

/**
 * Blend detail (SPEC.md §2): Back to Journal, the name and creation date; one 'Original Blend'
 * card for a blend with 0 or 1 versions, otherwise a card per version; 'Create New Version'.
 */
export function BlendDetails({ blend, projects, expanded, onToggleVersion, onBack, onNewVersion }: BlendDetailsProps) {
  const entries = useBlendEntries(blend.id)
  const project = projects.data?.find((p) => p.id === blend.id)
  const versions = project?.versions ?? []
  const entriesOf = (versionId: number): JournalEntry[] => (entries.data ?? []).filter((e) => e.versionId === versionId)

  return (
    <div className="flex flex-col gap-6">
      <BackToJournal onClick={onBack} />
      <JournalHeading title={blend.name}>
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          <span>{`Created ${formatDate(blend.createdAt)}`}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(blend.versionCount, 'version')}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(blend.testCount, 'test')}</span>
        </p>
      </JournalHeading>

      {projects.isPending || entries.isPending ? (
        <div className="flex items-center gap-3 py-8 text-muted-foreground">
          <Spinner label="Loading versions" />
          <span>Loading versions...</span>
        </div>
      ) : projects.isError || entries.isError ? (
        <LoadError
          message="This blend's versions could not be loaded just now."
          onRetry={() => {
            if (projects.isError) void projects.refetch()
            if (entries.isError) void entries.refetch()
          }}
        />
      ) : versions.length <= 1 ? (
        <OriginalBlendCard blend={blend} version={versions[0]} entries={versions[0] ? entriesOf(versions[0].id) : []} />
      ) : (
        <section aria-label="Versions" className="flex flex-col gap-3">
          {versions.map((version, index) => (
            <VersionCard
              key={version.id}
              version={version}
              position={index + 1}
              entries={entriesOf(version.id)}
              expanded={expanded.has(version.id)}
              onToggle={() => onToggleVersion(version.id)}
            />
          ))}
        </section>
      )}

      <div className="border-t border-border pt-6">
        <Button size="lg" onClick={onNewVersion} disabled={projects.isPending}>
          <GitBranchPlus aria-hidden="true" />
          Create New Version
        </Button>
      </div>
    </div>
  )
}
