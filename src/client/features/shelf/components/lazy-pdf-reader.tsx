import { lazy, Suspense, type ComponentProps } from 'react'
import type { AttachedPdfReader } from '#client/features/shelf/components/attached-pdf-reader.tsx'

// The reader (the bottle's document list, its schema library) loads when a paste panel first shows it, not with the form.
const Reader = lazy(() =>
  import('#client/features/shelf/components/attached-pdf-reader.tsx').then((m) => ({ default: m.AttachedPdfReader })),
)

/** "Or read an attached PDF" in a paper's paste panel (decision 080), loaded on its own. */
export function LazyPdfReader(props: ComponentProps<typeof AttachedPdfReader>) {
  return (
    <Suspense fallback={null}>
      <Reader {...props} />
    </Suspense>
  )
}
