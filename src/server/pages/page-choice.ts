import { PRERENDERED_PAGES, type PrerenderedPage } from '#shared/config/prerendered-pages.ts'
import { SIGNED_IN_PAGE_MODULES } from '#shared/config/signed-in-pages.ts'

/**
 * Which HTML a page request gets (docs/architecture.md, "A page load"), as one table read top to
 * bottom: the first row whose condition holds decides. client.ts gathers the facts, checks the
 * session only when a row asks for it, and writes the request's own parts into the chosen page.
 */

/** What the choice depends on: the address, the cookie, and (once checked) the session. */
export type PageFacts = {
  pathname: string
  /** The address has a query string: a signed-in page's top may then be another (a blend's details, a wizard step). */
  query: URLSearchParams | null
  /** The request carries better-auth's session cookie (which may have ended). */
  sessionCookie: boolean
  /** What the server learnt of that session: not asked yet, signed in, ended, or unknown (the check failed). */
  session: 'unchecked' | 'signed-in' | 'ended' | 'unknown'
  /** The build painted this page's top (client/app/painted-pages.tsx). */
  painted: boolean
  /**
   * The request's cookie asks for the pseudo-locale (`accord-pseudo-locale=en-XA`, decision 101):
   * only a layout test sets it; never inferred from Accept-Language or an account's language.
   */
  pseudoLocale: boolean
}

/**
 * - `prerendered`: the public page the build rendered (decision 012), in the reader's language;
 * - `pseudo`: that page as the build rendered it in the pseudo-locale (decision 101);
 * - `index`: the app as built (index.html), which finds out for itself who is signed in;
 * - `check-session`: ask the identity service about the cookie's session, then choose again;
 * - `painted`: the page's painted template, its top drawn before the code runs (decision 034);
 * - `preloaded`: index.html naming the page's code as modulepreload links.
 * `boot`: the page carries its user (and Home its summary) for the first render (decision 035).
 */
export type PageChoice = { page: 'prerendered' | 'pseudo' | 'index' | 'check-session' | 'painted' | 'preloaded'; boot: boolean }

/** The query parameters the landing page acts on (app/landing-params.ts): the app must render those. */
const LANDING_ACTION_PARAMS = ['signIn', 'error']

const publicPage = (pathname: string): PrerenderedPage | undefined => PRERENDERED_PAGES.find((page) => page.path === pathname)
const isSignedInPage = (pathname: string) => Object.hasOwn(SIGNED_IN_PAGE_MODULES, pathname)
const actsOnAddress = (query: URLSearchParams | null) => LANDING_ACTION_PARAMS.some((name) => query?.has(name))
/** A public page for everyone: /book, /review-book, /redeem. */
const everyonesPage = (f: PageFacts) => publicPage(f.pathname)?.signedOutOnly === false
/** The landing page for a visitor without a session cookie, on an address it need not act on. */
const visitorsLanding = (f: PageFacts) => publicPage(f.pathname)?.signedOutOnly === true && !f.sessionCookie && !actsOnAddress(f.query)

/** The rows, in order: what holds, and the page it gets. */
export const PAGE_CHOICES: readonly { when: string; holds: (facts: PageFacts) => boolean; choice: PageChoice }[] = [
  {
    when: 'a public page the next two rows prerender, for a request whose cookie asks for the pseudo-locale (the layout tests)',
    holds: (f) => f.pseudoLocale && (everyonesPage(f) || visitorsLanding(f)),
    choice: { page: 'pseudo', boot: false },
  },
  {
    when: 'a public page for everyone (/book, /review-book, /redeem)',
    holds: everyonesPage,
    choice: { page: 'prerendered', boot: false },
  },
  {
    when: 'the landing page (/) for a visitor without a session cookie, unless it must act on its address (?signIn, ?error)',
    holds: visitorsLanding,
    choice: { page: 'prerendered', boot: false },
  },
  {
    when: 'a path that is no signed-in page (/reset-password, an unknown path)',
    holds: (f) => !isSignedInPage(f.pathname),
    choice: { page: 'index', boot: false },
  },
  {
    when: 'a signed-in page without a session cookie',
    holds: (f) => !f.sessionCookie,
    choice: { page: 'index', boot: false },
  },
  {
    when: 'a signed-in page with a session cookie, not checked yet',
    holds: (f) => f.session === 'unchecked',
    choice: { page: 'check-session', boot: false },
  },
  {
    when: 'a session that has ended',
    holds: (f) => f.session === 'ended',
    choice: { page: 'index', boot: false },
  },
  {
    when: 'a session that could not be checked (the database is down): nothing painted, the app checks it itself',
    holds: (f) => f.session === 'unknown',
    choice: { page: 'preloaded', boot: false },
  },
  {
    when: 'signed in, on a plain address of a page with a painted top (/, /journal, /blend)',
    holds: (f) => f.query === null && f.painted,
    choice: { page: 'painted', boot: true },
  },
  {
    when: 'signed in, on an address with a query or a page without a painted top',
    holds: () => true,
    choice: { page: 'preloaded', boot: true },
  },
]

/** The first row that holds. */
export function choosePage(facts: PageFacts): PageChoice {
  return PAGE_CHOICES.find((row) => row.holds(facts))!.choice
}
