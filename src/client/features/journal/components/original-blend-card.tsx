import type { BlendVersion } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useSaveVersionNotes } from '#client/features/journal/api/update-version-notes.ts'
import { AddTestEntryForm } from '#client/features/journal/components/add-test-entry-form.tsx'
import { AutosaveTextarea } from '#client/features/journal/components/autosave-textarea.tsx'
import { LayerOils, layersOf } from '#client/features/journal/components/layer-oils.tsx'
import { VersionCompositionChart } from '#client/features/journal/components/charts/composition-chart.tsx'
import { VersionAccordsSlot } from '#client/features/journal/components/version-accords-slot.tsx'
import { TestEntries } from '#client/features/journal/components/test-entries.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * A blend with one version (docs/product.md §2, "Journal"): the three notes, its notes (saved as
 * typed), and its Test Notes with 'Add Test Entry'.
 */
export function OriginalBlendCard({
  version,
  entries,
  onOpenVersion,
}: {
  version: BlendVersion
  entries: readonly JournalEntry[]
  /** Opens another version of the blend (the one following an accord made). */
  onOpenVersion?: (versionId: number) => void
}) {
  const t = useMessages()
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-6 print:gap-3 print:py-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-display text-2xl font-semibold text-foreground">{t('journal.original.title')}</h2>
        <Badge variant="outline" className="font-mono">
          {version.referenceNumber}
        </Badge>
      </div>
      <VersionCompositionChart version={version} />
      <LayerOils layers={layersOf(version)} />
      <VersionAccordsSlot version={version} onFollowed={onOpenVersion} />
      <VersionNotes version={version} />
      <section aria-labelledby="original-tests" className="flex flex-col gap-3 print:gap-2">
        <h3 id="original-tests" className="text-lg font-semibold text-foreground">
          {t('journal.original.testNotes')}
        </h3>
        <TestEntries entries={entries} emptyText={t('journal.original.noTests')} />
        <AddTestEntryForm projectId={version.projectId} versionId={version.id} variant="original" />
      </section>
    </Card>
  )
}

/** A version's blend notes, saved 1 s after the last keystroke. */
export function VersionNotes({ version }: { version: BlendVersion }) {
  const t = useMessages()
  const save = useSaveVersionNotes(version.id)
  return (
    <AutosaveTextarea
      id={`version-${version.id}-notes`}
      label={t('journal.original.notesLabel')}
      initialValue={version.formulationNotes}
      save={save}
      placeholder={t('journal.original.notesPlaceholder')}
    />
  )
}
