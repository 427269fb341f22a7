import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ServerSkeletonOr } from '#client/components/server-skeleton.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { forgetServerSkeleton } from '#client/lib/boot-data.ts'
import { AppFooter } from '#client/app/app-footer.tsx'
import { AppErrorBoundary } from '#client/app/error-boundary.tsx'
import { AppHeader } from '#client/app/app-header.tsx'
import { DataProviders } from '#client/app/data-providers.tsx'
import { SessionBanner } from '#client/app/session-banner.tsx'
import { ShellFrame, ShellMain } from '#client/app/shell-frame.tsx'
import { SignedInRoutes } from '#client/app/signed-in-routes.tsx'
import { useWelcomeToast } from '#client/app/use-welcome-toast.ts'
import { useAccountLanguage } from '#client/lib/account-language.ts'
import { useMessages } from '#client/lib/i18n.ts'

// Offline support (decision 029) loads beside the page, not with it: no page's JavaScript grows.
const OfflineSupport = lazy(() => import('#client/app/offline-support.tsx').then((m) => ({ default: m.OfflineSupport })))

/** The account's language, shown once its settings are read (needs the server-state cache). */
function AccountLanguage() {
  useAccountLanguage()
  return null
}

/**
 * The frame of the signed-in app (docs/product.md §2): header, session banner, the page, footer. It is a
 * chunk of its own, loaded once someone is signed in, with the server-state cache it provides. The
 * page is the signed-in routes' (`children` stands in for them in tests).
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const t = useMessages()
  useWelcomeToast()
  const { pathname } = useLocation()
  // From here on, a page that loads shows a spinner, not the first page's skeleton.
  useEffect(() => forgetServerSkeleton(), [])
  return (
    <DataProviders>
      <AccountLanguage />
      <ShellFrame>
        <AppHeader />
        <SessionBanner />
        <Suspense fallback={null}>
          <OfflineSupport />
        </Suspense>
        <ShellMain>
          {/* A page that fails to render or load keeps the header; the next path starts afresh. */}
          <AppErrorBoundary key={pathname}>
            <Suspense
              fallback={
                <ServerSkeletonOr
                  part="main"
                  label={t('app.loadingPage')}
                  fallback={
                    <div className="grid min-h-64 place-items-center">
                      <Spinner label={t('app.loadingPage')} />
                    </div>
                  }
                />
              }
            >
              {children ?? <SignedInRoutes />}
            </Suspense>
          </AppErrorBoundary>
        </ShellMain>
        <AppFooter />
      </ShellFrame>
    </DataProviders>
  )
}
