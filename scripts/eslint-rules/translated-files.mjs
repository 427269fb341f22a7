/**
 * The components whose words all come from the message catalogs (issue 37, decision 096): a word
 * written in their code fails lint (accord/no-untranslated-text, eslint.config.js). A screen joins
 * when it is translated; scripts/eslint-i18n.test.ts lints each in `npm test` too.
 */
export const TRANSLATED_FILES = [
  'src/client/app/app-footer.tsx',
  'src/client/app/app-header.tsx',
  'src/client/app/error-boundary.tsx',
  'src/client/app/main-nav-menu.tsx',
  'src/client/app/not-found-page.tsx',
  'src/client/app/offline-indicator.tsx',
  'src/client/app/refused-changes-dialog.tsx',
  'src/client/app/session-banner.tsx',
  'src/client/app/user-menu-content.tsx',
  'src/client/app/user-menu.tsx',
  'src/client/components/language-options.tsx',
  'src/client/components/language-switcher.tsx',
  'src/client/components/logo.tsx',
  'src/client/components/site-footer.tsx',
  'src/client/features/calculator/components/accord-weighing-choice.tsx',
  'src/client/features/calculator/components/audience-choice.tsx',
  'src/client/features/calculator/components/audience-maxima.tsx',
  'src/client/features/calculator/components/batch-cost-panel.tsx',
  'src/client/features/calculator/components/batch-cost-table.tsx',
  'src/client/features/calculator/components/blend-combobox.tsx',
  'src/client/features/calculator/components/calculator-controls.tsx',
  'src/client/features/calculator/components/calculator-page.tsx',
  'src/client/features/calculator/components/calculator-results.tsx',
  'src/client/features/calculator/components/label-link.tsx',
  'src/client/features/calculator/components/make-compliant-slot.tsx',
  'src/client/features/calculator/components/oil-amounts.tsx',
  'src/client/features/calculator/components/rate-basis-choice.tsx',
  'src/client/features/calculator/components/safety-panel.tsx',
  'src/client/features/calculator/components/shelf-shortage.tsx',
  'src/client/features/calculator/components/usage-guide-panel.tsx',
  'src/client/features/landing/components/blend-illustration.tsx',
  'src/client/features/landing/components/book-section.tsx',
  'src/client/features/landing/components/feature-walkthroughs.tsx',
  'src/client/features/landing/components/free-beta-notice.tsx',
  'src/client/features/landing/components/hero-section.tsx',
  'src/client/features/landing/components/highlights-section.tsx',
  'src/client/features/landing/components/landing-footer.tsx',
  'src/client/features/landing/components/landing-header.tsx',
  'src/client/features/landing/components/landing-page.tsx',
  'src/client/features/landing/components/screenshots-section.tsx',
  'src/client/features/landing/components/section-link.tsx',
  'src/client/features/landing/components/signup-section.tsx',
  'src/client/features/landing/components/start-signup-button.tsx',
]

/** Words that are the same in every language: names (Accord, the book's title, the landing page's example blend). */
export const UNTRANSLATED_NAMES = ['Accord', 'Essential Oil Blending Guide', 'Evening Calm']
