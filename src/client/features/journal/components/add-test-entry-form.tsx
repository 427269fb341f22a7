import { Suspense } from 'react'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'

// The form library (react-hook-form) stays out of the journal's chunk (its 200 kB budget,
// tests/e2e/bundle-budget.spec.ts); the fetch starts with the journal, so the form is there by the
// time a blend's details open.
const AddTestEntryFields = preloadedChunk(() =>
  import('#client/features/journal/components/add-test-entry-form-fields.tsx').then((m) => m.AddTestEntryFields),
)

/** The add-test form of a version (add-test-entry-form-fields.tsx), with a frame of its size while it loads. */
export function AddTestEntryForm(props: { versionId: number | null; variant: 'original' | 'version' }) {
  return (
    <Suspense fallback={<div aria-hidden="true" className="min-h-80 rounded-lg border border-dashed border-input/50 bg-background" />}>
      <AddTestEntryFields {...props} />
    </Suspense>
  )
}
