import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { Spinner } from '#client/components/ui/spinner.tsx'

/** The frame of the signed-in app; the header, footer and session banner join it with accounts. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <main id="main" className="page-container flex-1 py-10">
        <Suspense
          fallback={
            <div className="grid min-h-64 place-items-center">
              <Spinner label="Loading page" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
