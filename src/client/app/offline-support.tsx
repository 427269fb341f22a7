import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect } from 'react'
import { useSession } from '#client/lib/session.ts'

const OfflineIndicator = lazy(() => import('#client/app/offline-indicator.tsx').then((m) => ({ default: m.OfflineIndicator })))

/** Runs `run` when the browser is idle (or soon, where it cannot say); returns the cancel function. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 1000)
  return () => clearTimeout(id)
}

/**
 * The signed-in shell's offline support (decisions 029, 039, 065): the sync of the user's data with
 * the device (its device worker keeps the copy and fills what the journal lists), the other
 * screens' reads to keep (named once idle), the service worker's registration (once idle) and the
 * quiet indicator. Their code loads
 * on its own, so no page's JavaScript grows by it.
 */
export function OfflineSupport() {
  const session = useSession()
  const userId = session.status === 'signed-in' ? session.user.id : null
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!userId) return
    let stop: (() => void) | null = null
    let stopFill: (() => void) | null = null
    let cancelled = false
    import('#client/lib/offline/sync.ts')
      .then(({ startOfflineSync }) => {
        if (!cancelled) stop = startOfflineSync(queryClient, userId)
      })
      .catch((err: unknown) => console.warn('Offline support did not start', err))
    // The calculator's and the shelf's first reads are named to the device worker once idle (decisions 039, 065).
    const cancelIdle = whenIdle(() => {
      import('#client/app/offline-fill.ts')
        .then(({ startOfflineFill }) => {
          if (!cancelled && typeof indexedDB !== 'undefined') stopFill = startOfflineFill()
        })
        .catch((err: unknown) => console.warn('Saving for offline use did not start', err))
    })
    return () => {
      cancelled = true
      cancelIdle()
      stop?.()
      stopFill?.()
    }
  }, [queryClient, userId])

  useEffect(
    () =>
      whenIdle(() => {
        import('#client/app/pwa-register.ts')
          .then((m) => m.registerServiceWorker())
          .catch((err: unknown) => console.warn('The service worker did not register', err))
      }),
    [],
  )

  if (!userId) return null
  return (
    <Suspense fallback={null}>
      <OfflineIndicator userId={userId} />
    </Suspense>
  )
}
