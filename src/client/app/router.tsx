import { Suspense, useEffect, useRef } from 'react'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router'
import { FullPageSpinner } from '#client/components/ui/spinner.tsx'
import { AppGate } from '#client/app/app-gate.tsx'
import { AppErrorBoundary } from '#client/app/error-boundary.tsx'
import { lazyPage } from '#client/app/lazy-page.ts'
import { useMessages } from '#client/lib/i18n.ts'

// Every page is its own chunk: a visitor downloads only the page they open. One that fails to load
// (after a deploy its name is gone) reaches the error boundary (error-boundary.tsx).
const BookPage = lazyPage(
  () => import('#client/features/book/components/book-page.tsx'),
  (m) => m.BookPage,
)
const RedeemPage = lazyPage(
  () => import('#client/features/redeem/components/redeem-page.tsx'),
  (m) => m.RedeemPage,
)
const ReviewBookPage = lazyPage(
  () => import('#client/features/review-book/components/review-book-page.tsx'),
  (m) => m.ReviewBookPage,
)
const ResetPasswordPage = lazyPage(
  () => import('#client/features/auth/components/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
)

/**
 * docs/product.md §2 route table. The public pages (and /reset-password, where e-mailed reset links land)
 * answer in any session state; the rest pass the gate, and the signed-in shell routes them
 * (app/signed-in-routes.tsx), so a visitor's first JavaScript carries none of the signed-in pages.
 */
export function AppRoutes() {
  const t = useMessages()
  return (
    <AppErrorBoundary>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<FullPageSpinner label={t('app.loadingPage')} />}>
        <Routes>
          <Route path="/redeem" element={<RedeemPage />} />
          <Route path="/book" element={<BookPage />} />
          <Route path="/review-book" element={<ReviewBookPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {/* Every other path: the signed-in pages (app/signed-in-routes.tsx, in the shell's chunk) or the landing page. */}
          <Route path="*" element={<AppGate />} />
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  )
}

/** A new page starts at its top, as it would after a full page load. */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    window.scrollTo({ top: 0 })
  }, [pathname])
  return null
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
