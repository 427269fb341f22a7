import { lazy, Suspense, useEffect, useRef } from 'react'
import { BrowserRouter, Route, Routes, useLocation } from 'react-router'
import { FullPageSpinner } from '#client/components/ui/spinner.tsx'
import { AppGate } from '#client/app/app-gate.tsx'
import { AppErrorBoundary } from '#client/app/error-boundary.tsx'

// Every page is its own chunk: a visitor downloads only the page they open. One that fails to load
// (after a deploy its name is gone) reaches the error boundary (error-boundary.tsx).
const BookPage = lazy(() =>
  import('#client/features/book/components/book-page.tsx').then((m) => ({ default: m.BookPage })),
)
const RedeemPage = lazy(() =>
  import('#client/features/redeem/components/redeem-page.tsx').then((m) => ({ default: m.RedeemPage })),
)
const ReviewBookPage = lazy(() =>
  import('#client/features/review-book/components/review-book-page.tsx').then((m) => ({
    default: m.ReviewBookPage,
  })),
)
const HomePage = lazy(() =>
  import('#client/features/home/components/home-page.tsx').then((m) => ({ default: m.HomePage })),
)
const BlendCreatorPage = lazy(() =>
  import('#client/features/blend-creator/components/blend-creator-page.tsx').then((m) => ({
    default: m.BlendCreatorPage,
  })),
)
const JournalPage = lazy(() =>
  import('#client/features/journal/components/journal-page.tsx').then((m) => ({ default: m.JournalPage })),
)
const GlossaryPage = lazy(() =>
  import('#client/features/glossary/components/glossary-page.tsx').then((m) => ({ default: m.GlossaryPage })),
)
const GuidelinesPage = lazy(() =>
  import('#client/features/guides/components/guidelines-page.tsx').then((m) => ({ default: m.GuidelinesPage })),
)
const TestingGuidePage = lazy(() =>
  import('#client/features/guides/components/testing-guide-page.tsx').then((m) => ({
    default: m.TestingGuidePage,
  })),
)
const CalculatorPage = lazy(() =>
  import('#client/features/calculator/components/calculator-page.tsx').then((m) => ({
    default: m.CalculatorPage,
  })),
)
const AccountPage = lazy(() =>
  import('#client/features/account/components/account-page.tsx').then((m) => ({ default: m.AccountPage })),
)
const ResetPasswordPage = lazy(() =>
  import('#client/features/auth/components/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
)
const NotFoundPage = lazy(() =>
  import('#client/app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
)

/**
 * docs/product.md §2 route table. The public pages (and /reset-password, where e-mailed reset links land)
 * answer in any session state; the rest pass the gate.
 */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <ScrollToTopOnNavigate />
      <Suspense fallback={<FullPageSpinner label="Loading page" />}>
        <Routes>
          <Route path="/redeem" element={<RedeemPage />} />
          <Route path="/book" element={<BookPage />} />
          <Route path="/review-book" element={<ReviewBookPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route element={<AppGate />}>
            <Route index element={<HomePage />} />
            <Route path="/blend" element={<BlendCreatorPage />} />
            <Route path="/journal" element={<JournalPage />} />
            <Route path="/glossary" element={<GlossaryPage />} />
            <Route path="/guidelines" element={<GuidelinesPage />} />
            <Route path="/testing" element={<TestingGuidePage />} />
            <Route path="/calculator" element={<CalculatorPage />} />
            <Route path="/account" element={<AccountPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
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
