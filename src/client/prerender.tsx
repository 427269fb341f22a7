// The build's prerender entry (scripts/prerender.mjs runs it in Node after `vite build --ssr`):
// renders each public page of PRERENDERED_PAGES to HTML with the same tree main.tsx hydrates, and
// the signed-in pages' painted tops with the app's own components; it also carries the functions
// that make the page templates the server loads (shared/pages/page-templates.ts).
import '#client/lib/zod-config.ts'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'
import { bookMeta } from '#client/features/book/meta.ts'
import { landingMeta } from '#client/features/landing/meta.ts'
// The landing page's words are a section (decision 097); every page's head uses its social image's text.
import '#client/features/landing/landing-catalog.ts'
// The words of /book, /review-book and /redeem, their heads' with them.
import '#client/features/book/book-catalog.ts'
import { i18n } from '@lingui/core'
import { redeemMeta } from '#client/features/redeem/meta.ts'
import { reviewBookMeta } from '#client/features/review-book/meta.ts'
import { setSignedOut } from '#client/lib/session.ts'
import type { PrerenderedPage } from '#shared/config/prerendered-pages.ts'
import { activateLanguage, activatePseudoLocale } from '#client/lib/i18n.ts'
import { paintedPageMarkup } from '#client/app/painted-pages.tsx'
import { DEFAULT_LANGUAGE, PSEUDO_LOCALE, type Language } from '#shared/i18n/languages.ts'
import { HOME_HEADING_SLOTS, type HomeHeadingWords } from '#shared/config/signed-in-pages.ts'

/**
 * A prerendered page's title, description and social image's text for its <head>
 * (scripts/prerender.mjs), in the language renderPage last rendered in, every page's from the
 * catalogs (/book's title is the book's, a name the same in every language).
 */
export function publicPageMeta(name: PrerenderedPage['name']): { title: string; description: string; imageAlt: string } {
  const pages = { landing: landingMeta, book: () => bookMeta(), 'review-book': reviewBookMeta, redeem: redeemMeta } as const
  const { title, description } = pages[name]()
  return { title, description, imageAlt: i18n._('landing.meta.imageAlt') }
}

export { PRERENDERED_PAGES, PRERENDERED_IN_EVERY_LANGUAGE, prerenderedFile } from '#shared/config/prerendered-pages.ts'
export { LANGUAGES, PSEUDO_LOCALE } from '#shared/i18n/languages.ts'
export { signedInPageTemplates, withCodeAfterPaint, withInlineStylesheet, withRoot } from '#shared/pages/page-templates.ts'
export { withManifestLink } from '#shared/config/install-manifest.ts'
/** The build's page heads are escaped as the server's pages are. */
export { escapeHtml } from '#shared/text/html.ts'

/**
 * The page's markup for inside #root, with every lazy part loaded (nothing left as a fallback), in
 * a language or the pseudo-locale (decision 101).
 */
export async function renderPage(page: PrerenderedPage, language: Language | typeof PSEUDO_LOCALE = DEFAULT_LANGUAGE): Promise<string> {
  // In the language it is written for (decision 093): its catalog loaded before it renders.
  await (language === PSEUDO_LOCALE ? activatePseudoLocale() : activateLanguage(language))
  // The landing page is what a visitor without a session sees; main.tsx starts from the same state.
  if (page.signedOutOnly) setSignedOut()
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouter location={page.path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      // One document, no out-of-order segments: those are completed by inline scripts the CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error
      },
    },
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The signed-in pages' painted tops (decisions 034, 035 and 102) in one language: one top per page,
 * and Home's heading's words, from the home catalog, for the server to fill in with the maker's
 * count. Drawn after the public pages were rendered in every language, so the language asked for
 * is made the language first (else the last public page's, Italian, would paint English's tops).
 */
export async function paintedTops(
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ tops: Record<string, string>; homeHeading: HomeHeadingWords }> {
  await activateLanguage(language)
  const homeHeading: HomeHeadingWords = {
    first: { title: i18n._('home.heading.firstTitle'), intro: i18n._('home.heading.firstIntro') },
    back: { title: i18n._('home.heading.backTitle', { count: HOME_HEADING_SLOTS.count }), intro: i18n._('home.heading.backIntro') },
  }
  return { tops: paintedPageMarkup(), homeHeading }
}
