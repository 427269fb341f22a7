import { lazy, Suspense } from 'react'
import { ServerSkeletonOr } from '#client/components/server-skeleton.tsx'
import { FullPageSpinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useSession } from '#client/lib/session.ts'
import { SignedOutLanding } from '#client/app/signed-out-landing.tsx'

// The signed-in shell (header, session banner, server-state cache) loads once someone signs in.
const AppShell = lazy(() => import('#client/app/app-shell.tsx').then((m) => ({ default: m.AppShell })))

/**
 * docs/product.md §4 "App gate": while the session loads, a spinner; signed out, the landing page on every
 * path; signed in, the app shell with the page the path names.
 */
export function AppGate() {
  const session = useSession()
  const t = useMessages()
  switch (session.status) {
    case 'loading':
      return <FullPageSpinner label={t('app.checkingSession')} />
    case 'signed-out':
      return <SignedOutLanding />
    case 'signed-in':
      return (
        <Suspense
          fallback={<ServerSkeletonOr part="page" label={t('app.loading')} fallback={<FullPageSpinner label={t('app.loading')} />} />}
        >
          <AppShell />
        </Suspense>
      )
  }
}
