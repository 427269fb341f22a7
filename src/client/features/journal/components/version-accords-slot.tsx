import { lazy, Suspense } from 'react'
import type { BlendVersion } from '#shared/api/blends.ts'

// A version's accord lines, loaded only when a version holds accords: most never do (decision 073).
const LazyVersionAccords = lazy(() =>
  import('#client/features/journal/components/version-accords.tsx').then((m) => ({ default: m.VersionAccords })),
)

/** The accords of a version (version-accords.tsx) when it has any; nothing, and nothing loaded, otherwise. */
export function VersionAccordsSlot({
  version,
  onFollowed,
}: {
  version: Pick<BlendVersion, 'id' | 'projectId' | 'accords'>
  onFollowed?: (versionId: number) => void
}) {
  if (version.accords.length === 0) return null
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Loading its accords...</p>}>
      <LazyVersionAccords version={version} onFollowed={onFollowed} />
    </Suspense>
  )
}
