import { Suspense, useEffect, useRef, type RefObject } from 'react'
import { addTestAnchor } from '#shared/domain/ready-to-test.ts'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'

// The form library (react-hook-form) stays out of the journal's chunk (its 200 kB budget,
// tests/e2e/bundle-budget.spec.ts); the fetch starts with the journal, so the form is there by the
// time a blend's details open.
const AddTestEntryFields = preloadedChunk(() =>
  import('#client/features/journal/components/add-test-entry-form-fields.tsx').then((m) => m.AddTestEntryFields),
)

/** The add-test form of a version (add-test-entry-form-fields.tsx), with a frame of its size while it loads. */
export function AddTestEntryForm(props: { projectId: number; versionId: number | null; variant: 'original' | 'version' }) {
  const anchor = props.versionId === null ? undefined : addTestAnchor(props.versionId)
  const ref = useRef<HTMLDivElement>(null)
  useTargetedForm(ref, anchor)
  return (
    <div id={anchor} ref={ref} className="scroll-mt-24">
      <Suspense
        fallback={
          <div aria-hidden="true" className="min-h-80 rounded-lg border border-dashed border-input/50 bg-background print:hidden" />
        }
      >
        <AddTestEntryFields {...props} />
      </Suspense>
    </div>
  )
}

/**
 * A link to `#add-test-<version>` (Home's "Ready to test", a reminder's e-mail or notification, a batch)
 * brings this form into view and puts the cursor in its first field once the form has loaded.
 */
function useTargetedForm(ref: RefObject<HTMLDivElement | null>, anchor: string | undefined) {
  useEffect(() => {
    if (!anchor || window.location.hash !== `#${anchor}`) return
    let frame = 0
    const started = performance.now()
    const focusWhenReady = () => {
      const field = ref.current?.querySelector<HTMLElement>('input, textarea, select, button')
      if (field) {
        ref.current?.scrollIntoView({ block: 'start' })
        field.focus({ preventScroll: true })
        return
      }
      if (performance.now() - started < 5000) frame = requestAnimationFrame(focusWhenReady)
    }
    frame = requestAnimationFrame(focusWhenReady)
    return () => cancelAnimationFrame(frame)
  }, [ref, anchor])
}
