/**
 * The signed-in pages and the module each one renders (app/signed-in-routes.tsx lazy-loads them), with the
 * signed-in shell around them (app/app-gate.tsx). The server uses it to name, in the HTML it sends
 * a browser with a session, the code the page is about to ask for, so the browser fetches the
 * shell, the page and their imports at once instead of one after another (docs/architecture.md).
 */
export const APP_SHELL_MODULE = 'src/client/app/app-shell.tsx'

export const SIGNED_IN_PAGE_MODULES: Record<string, string> = {
  '/': 'src/client/features/home/components/home-page.tsx',
  '/blend': 'src/client/features/blend-creator/components/blend-creator-page.tsx',
  '/journal': 'src/client/features/journal/components/journal-page.tsx',
  '/glossary': 'src/client/features/glossary/components/glossary-page.tsx',
  '/guidelines': 'src/client/features/guides/components/guidelines-page.tsx',
  '/testing': 'src/client/features/guides/components/testing-guide-page.tsx',
  '/calculator': 'src/client/features/calculator/components/calculator-page.tsx',
  '/shelf': 'src/client/features/shelf/components/shelf-page.tsx',
  '/ingredients': 'src/client/features/ingredients/components/ingredients-page.tsx',
  '/label': 'src/client/features/labels/components/label-page.tsx',
  '/assessor-pack': 'src/client/features/assessor-pack/components/assessor-pack-page.tsx',
  '/account': 'src/client/features/account/components/account-page.tsx',
}

/**
 * Home's heading and introduction in one language, as the build takes them from the home catalog
 * (`home.heading.*`, the one source of their words, decision 102): the first-blend pair, and the
 * pair for a maker with blends, whose title holds HOME_HEADING_SLOTS.count where the count goes.
 */
export type HomeHeadingWords = {
  first: { title: string; intro: string }
  back: { title: string; intro: string }
}

/**
 * Home's heading and introduction for a collection of `blendCount` blends, in the words given:
 * the server paints them in Home's painted top for the session's user (server/pages/request-page.ts),
 * the count written as the catalog's plain `{count}` writes it. "Welcome back! You have N blend(s)
 * in your collection" is kept word for word in English (docs/product.md §2, "Home").
 */
export function homeHeading(words: HomeHeadingWords, blendCount: number): { title: string; intro: string } {
  if (blendCount <= 0) return words.first
  return { title: words.back.title.replaceAll(HOME_HEADING_SLOTS.count, String(blendCount)), intro: words.back.intro }
}

/**
 * The signed-in pages whose top the build paints into their HTML (client/app/painted-pages.tsx,
 * decisions 034 and 035): the journal's and the creator's, the same for everyone, and Home's,
 * whose words the server writes in per request.
 */
export const PAINTED_PAGES = ['/', '/journal', '/blend'] as const

/**
 * Where Home's painted top holds its words: the build paints the title's and the introduction's
 * placeholders, and the server replaces them with `homeHeading(words, blendCount)` for the
 * request's user, escaped (server/pages/request-page.ts); `count` stands for the count in the
 * words the build took from the catalog.
 */
export const HOME_HEADING_SLOTS = { title: '%ACCORD_HOME_TITLE%', intro: '%ACCORD_HOME_INTRO%', count: '%ACCORD_BLEND_COUNT%' } as const
