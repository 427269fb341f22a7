import { lazy, Suspense } from 'react'
import { FullPageSpinner } from '#client/components/ui/spinner.tsx'
import { useSession } from '#client/lib/session.ts'
import { AppShell } from '#client/app/app-shell.tsx'

const LandingPage = lazy(() =>
  import('#client/features/landing/components/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
)

/**
 * SPEC.md §4 "App gate": while the session loads, a spinner; signed out, the landing page on every
 * path; signed in, the app shell with the page the path names.
 */
export function AppGate() {
  const session = useSession()
  switch (session.status) {
    case 'loading':
      return <FullPageSpinner label="Checking your session" />
    case 'signed-out':
      return (
        <Suspense fallback={<FullPageSpinner label="Loading Accord" />}>
          <LandingPage />
        </Suspense>
      )
    case 'signed-in':
      return <AppShell />
  }
}
