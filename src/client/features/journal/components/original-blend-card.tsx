import type { BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useSaveVersionNotes } from '#client/features/journal/api/update-version-notes.ts'
import { AddTestEntryForm } from '#client/features/journal/components/add-test-entry-form.tsx'
import { AutosaveTextarea } from '#client/features/journal/components/autosave-textarea.tsx'
import { LayerOils, layersOf, type LayerLists } from '#client/features/journal/components/layer-oils.tsx'
import { TestEntries } from '#client/features/journal/components/test-entries.tsx'

/** A blend as the list knows it: its one oil per note with the layer's percentage. */
function layersOfBlend(blend: SavedBlend): LayerLists {
  const one = (oil: SavedBlend['topNote'], percentage: number) => (oil ? [{ id: oil.id, name: oil.name, percentage }] : [])
  return {
    Top: one(blend.topNote, blend.topPercentage),
    Middle: one(blend.middleNote, blend.middlePercentage),
    Base: one(blend.baseNote, blend.basePercentage),
  }
}

/**
 * A blend with 0 or 1 versions (SPEC.md §2 "Blend detail"): the three notes, its notes (saved as
 * typed), and its Test Notes with 'Add Test Entry'.
 */
export function OriginalBlendCard({
  blend,
  version,
  entries,
}: {
  blend: SavedBlend
  version: BlendVersion | undefined
  entries: readonly JournalEntry[]
}) {
  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-display text-2xl font-semibold text-foreground">Original Blend</h2>
        <Badge variant="outline" className="font-mono">
          {version?.referenceNumber ?? blend.referenceNumber}
        </Badge>
      </div>
      <LayerOils layers={version ? layersOf(version) : layersOfBlend(blend)} />
      {version ? (
        <VersionNotes version={version} />
      ) : blend.notes ? (
        <p className="whitespace-pre-wrap text-foreground">{blend.notes}</p>
      ) : null}
      <section aria-labelledby="original-tests" className="flex flex-col gap-3">
        <h3 id="original-tests" className="text-lg font-semibold text-foreground">
          Test Notes
        </h3>
        <TestEntries entries={entries} emptyText="No test notes yet. Make a small batch, let it rest, then note what you smell." />
        <AddTestEntryForm versionId={version?.id ?? null} variant="original" />
      </section>
    </Card>
  )
}

/** A version's blend notes, saved 1 s after the last keystroke. */
export function VersionNotes({ version }: { version: BlendVersion }) {
  const save = useSaveVersionNotes(version.id)
  return (
    <AutosaveTextarea
      id={`version-${version.id}-notes`}
      label="Blend notes"
      initialValue={version.formulationNotes}
      save={save}
      placeholder="What this version is, what you changed, how it came out..."
    />
  )
}
