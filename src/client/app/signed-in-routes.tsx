import { Route, Routes } from 'react-router'
import { lazyPage } from '#client/app/lazy-page.ts'

// Every signed-in page is its own chunk, named here in the shell's chunk rather than in the entry, so
// the landing page's JavaScript does not grow with the app. One that fails to load (after a deploy
// its name is gone) reaches the shell's error boundary. A page whose words are a catalog section waits
// for them (lazyPage).
const HomePage = lazyPage(
  () => import('#client/features/home/components/home-page.tsx'),
  (m) => m.HomePage,
)
const BlendCreatorPage = lazyPage(
  () => import('#client/features/blend-creator/components/blend-creator-page.tsx'),
  (m) => m.BlendCreatorPage,
)
const JournalPage = lazyPage(
  () => import('#client/features/journal/components/journal-page.tsx'),
  (m) => m.JournalPage,
)
const GlossaryPage = lazyPage(
  () => import('#client/features/glossary/components/glossary-page.tsx'),
  (m) => m.GlossaryPage,
)
const GuidelinesPage = lazyPage(
  () => import('#client/features/guides/components/guidelines-page.tsx'),
  (m) => m.GuidelinesPage,
)
const TestingGuidePage = lazyPage(
  () => import('#client/features/guides/components/testing-guide-page.tsx'),
  (m) => m.TestingGuidePage,
)
const CalculatorPage = lazyPage(
  () => import('#client/features/calculator/components/calculator-page.tsx'),
  (m) => m.CalculatorPage,
)
const ShelfPage = lazyPage(
  () => import('#client/features/shelf/components/shelf-page.tsx'),
  (m) => m.ShelfPage,
)
const IngredientsPage = lazyPage(
  () => import('#client/features/ingredients/components/ingredients-page.tsx'),
  (m) => m.IngredientsPage,
)
const BottlePage = lazyPage(
  () => import('#client/features/batches/components/bottle-page.tsx'),
  (m) => m.BottlePage,
)
const BatchPage = lazyPage(
  () => import('#client/features/batches/components/batch-page.tsx'),
  (m) => m.BatchPage,
)
const LabelPage = lazyPage(
  () => import('#client/features/labels/components/label-page.tsx'),
  (m) => m.LabelPage,
)
const AssessorPackPage = lazyPage(
  () => import('#client/features/assessor-pack/components/assessor-pack-page.tsx'),
  (m) => m.AssessorPackPage,
)
const AccountPage = lazyPage(
  () => import('#client/features/account/components/account-page.tsx'),
  (m) => m.AccountPage,
)
const ConsentPage = lazyPage(
  () => import('#client/features/connect/components/consent-page.tsx'),
  (m) => m.ConsentPage,
)
const NotFoundPage = lazyPage(
  () => import('#client/app/not-found-page.tsx'),
  (m) => m.NotFoundPage,
)

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
