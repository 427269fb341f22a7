import { lazy } from 'react'
import { Route, Routes } from 'react-router'

// Every signed-in page is its own chunk, named here in the shell's chunk rather than in the entry, so
// the landing page's JavaScript does not grow with the app. One that fails to load (after a deploy
// its name is gone) reaches the shell's error boundary.
const HomePage = lazy(() => import('#client/features/home/components/home-page.tsx').then((m) => ({ default: m.HomePage })))
const BlendCreatorPage = lazy(() =>
  import('#client/features/blend-creator/components/blend-creator-page.tsx').then((m) => ({
    default: m.BlendCreatorPage,
  })),
)
const JournalPage = lazy(() => import('#client/features/journal/components/journal-page.tsx').then((m) => ({ default: m.JournalPage })))
const GlossaryPage = lazy(() => import('#client/features/glossary/components/glossary-page.tsx').then((m) => ({ default: m.GlossaryPage })))
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
const ShelfPage = lazy(() => import('#client/features/shelf/components/shelf-page.tsx').then((m) => ({ default: m.ShelfPage })))
const IngredientsPage = lazy(() =>
  import('#client/features/ingredients/components/ingredients-page.tsx').then((m) => ({ default: m.IngredientsPage })),
)
const BottlePage = lazy(() => import('#client/features/batches/components/bottle-page.tsx').then((m) => ({ default: m.BottlePage })))
const BatchPage = lazy(() => import('#client/features/batches/components/batch-page.tsx').then((m) => ({ default: m.BatchPage })))
const LabelPage = lazy(() => import('#client/features/labels/components/label-page.tsx').then((m) => ({ default: m.LabelPage })))
const AssessorPackPage = lazy(() =>
  import('#client/features/assessor-pack/components/assessor-pack-page.tsx').then((m) => ({ default: m.AssessorPackPage })),
)
const AccountPage = lazy(() => import('#client/features/account/components/account-page.tsx').then((m) => ({ default: m.AccountPage })))
const ConsentPage = lazy(() => import('#client/features/connect/components/consent-page.tsx').then((m) => ({ default: m.ConsentPage })))
const NotFoundPage = lazy(() => import('#client/app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

/** docs/product.md §2 route table, the signed-in part: the paths the gate lets through once signed in. */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="blend" element={<BlendCreatorPage />} />
      <Route path="journal" element={<JournalPage />} />
      <Route path="glossary" element={<GlossaryPage />} />
      <Route path="guidelines" element={<GuidelinesPage />} />
      <Route path="testing" element={<TestingGuidePage />} />
      <Route path="calculator" element={<CalculatorPage />} />
      <Route path="shelf" element={<ShelfPage />} />
      <Route path="shelf/bottles/:id" element={<BottlePage />} />
      <Route path="batches/:id" element={<BatchPage />} />
      <Route path="ingredients" element={<IngredientsPage />} />
      <Route path="label" element={<LabelPage />} />
      <Route path="assessor-pack" element={<AssessorPackPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="oauth/consent" element={<ConsentPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
