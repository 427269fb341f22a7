import { lazy, Suspense } from 'react'
import type { BlendVersion } from '#shared/api/blends.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

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
  const t = useMessages()
  if (version.accords.length === 0) return null
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">{t('journal.accords.loading')}</p>}>
      <LazyVersionAccords version={version} onFollowed={onFollowed} />
    </Suspense>
  )
}
