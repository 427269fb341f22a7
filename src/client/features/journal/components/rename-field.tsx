import { Suspense } from 'react'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'

// The form library (react-hook-form) stays out of the journal's chunk (its 200 kB budget,
// tests/e2e/bundle-budget.spec.ts); the fetch starts with the journal, so a rename never waits on it.
const RenameFieldForm = preloadedChunk(() =>
  import('#client/features/journal/components/rename-field-form.tsx').then((m) => m.RenameFieldForm),
)

/** Inline rename of a blend's name (rename-field-form.tsx); the name shows as it was while it loads. */
export function RenameField(props: { blend: { id: number; name: string }; onDone: () => void }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-9 min-w-0 flex-1 items-center rounded-lg border border-input px-3 font-semibold text-muted-foreground">
          <span className="truncate">{props.blend.name}</span>
        </div>
      }
    >
      <RenameFieldForm {...props} />
    </Suspense>
  )
}
