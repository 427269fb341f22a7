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
 * The heading and introduction of the signed-in pages that open with the same words for everyone.
 * The pages render them from here, and the server paints them in the page's HTML before any script
 * has run (client/app/painted-pages.tsx), so a slow phone shows the page's top at once.
 */
export const SIGNED_IN_PAGE_HEADINGS: Record<string, { title: string; intro: string }> = {
  '/journal': { title: 'Blend Journal', intro: 'Every blend you have saved, its versions, and how each one tested.' },
  '/blend': {
    title: 'Create Your Perfect Blend',
    intro:
      'Begin wherever you like: an oil you love, the mood you are after, a layer or a scent family. Accord suggests oils that suit each other from there.',
  },
}

/**
 * Home's heading and introduction, which depend on the size of the user's collection: the page
 * renders them from here, and the server paints them in the page's HTML with the count it reads
 * for the session's user. "Welcome back! You have N blend(s) in your collection" is kept word for
 * word (docs/product.md §2, "Home").
 */
export function homeHeading(blendCount: number): { title: string; intro: string } {
  return blendCount > 0
    ? {
        title: `Welcome back! You have ${blendCount} blend(s) in your collection`,
        intro: 'Pick up where you left off, or start something new.',
      }
    : {
        title: "Welcome to Accord! Let's create your first blend",
        intro: 'Start from an oil you love, an effect or a scent family, and Accord will guide you through each layer.',
      }
}

/**
 * The signed-in pages whose top the build paints into their HTML (client/app/painted-pages.tsx,
 * decisions 034 and 035): the journal's and the creator's, the same for everyone, and Home's,
 * whose words the server writes in per request.
 */
export const PAINTED_PAGES = ['/', '/journal', '/blend'] as const

/**
 * Where Home's painted top holds its words: the build paints these placeholders, and the server
 * replaces them with `homeHeading(blendCount)` for the request's user, escaped (server/pages/request-page.ts).
 */
export const HOME_HEADING_SLOTS = { title: '%ACCORD_HOME_TITLE%', intro: '%ACCORD_HOME_INTRO%' } as const
