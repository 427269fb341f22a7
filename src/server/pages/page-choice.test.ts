import { describe, expect, it } from 'vitest'
import { choosePage, PAGE_CHOICES, type PageFacts } from '#server/pages/page-choice.ts'

/** A request's facts: a plain address without a cookie, unless said otherwise. */
const facts = (pathname: string, more: Partial<PageFacts> = {}): PageFacts => ({
  pathname,
  query: null,
  sessionCookie: false,
  session: 'unchecked',
  painted: false,
  pseudoLocale: false,
  ...more,
})
const query = (search: string) => new URLSearchParams(search)
const signedIn = { sessionCookie: true, session: 'signed-in' } as const

/** Which row decided: its description. */
const rowFor = (f: PageFacts) => PAGE_CHOICES.find((row) => row.holds(f))!.when

describe('which HTML a page request gets (page-choice.ts), row by row', () => {
  it('a public page in the pseudo-locale only when the cookie asks for it, and only where the page would be prerendered (decision 101)', () => {
    const pseudo = { pseudoLocale: true } as const
    for (const f of [
      facts('/', pseudo),
      facts('/', { ...pseudo, query: query('utm_source=book') }),
      facts('/book', pseudo),
      facts('/review-book', { ...pseudo, ...signedIn }),
      facts('/redeem', { ...pseudo, query: query('ref=qr') }),
    ]) {
      expect(choosePage(f), f.pathname).toEqual({ page: 'pseudo', boot: false })
      expect(rowFor(f), f.pathname).toMatch(/pseudo-locale/)
    }
    // Without the cookie, the same requests get the page in a real language.
    for (const pathname of ['/', '/book', '/review-book', '/redeem'])
      expect(choosePage(facts(pathname)), pathname).toEqual({ page: 'prerendered', boot: false })
    // Where no prerendered page would be served, the cookie changes nothing: the app decides (its localStorage key).
    expect(choosePage(facts('/', { ...pseudo, sessionCookie: true, painted: true }))).toEqual({ page: 'check-session', boot: false })
    expect(choosePage(facts('/', { ...pseudo, query: query('signIn=reset') }))).toEqual({ page: 'index', boot: false })
    expect(choosePage(facts('/reset-password', pseudo))).toEqual({ page: 'index', boot: false })
    expect(choosePage(facts('/journal', { ...pseudo, ...signedIn, painted: true }))).toEqual({ page: 'painted', boot: true })
  })

  it('a public page for everyone: /book, /review-book and /redeem are prerendered, with or without a session, with any query', () => {
    for (const pathname of ['/book', '/review-book', '/redeem'])
      for (const f of [facts(pathname), facts(pathname, { ...signedIn, query: query('ref=qr') })]) {
        expect(choosePage(f), pathname).toEqual({ page: 'prerendered', boot: false })
        expect(rowFor(f), pathname).toMatch(/^a public page for everyone/)
      }
  })

  it('the landing page: / without a session cookie is prerendered, also with a query it does not act on', () => {
    expect(choosePage(facts('/'))).toEqual({ page: 'prerendered', boot: false })
    expect(choosePage(facts('/', { query: query('utm_source=book') }))).toEqual({ page: 'prerendered', boot: false })
    // Its own parameters need the app; so does a session cookie (Home).
    expect(choosePage(facts('/', { query: query('signIn=reset') }))).toEqual({ page: 'index', boot: false })
    expect(choosePage(facts('/', { query: query('error=google') }))).toEqual({ page: 'index', boot: false })
    expect(rowFor(facts('/', { sessionCookie: true }))).not.toMatch(/^the landing page/)
  })

  it('a path that is no signed-in page gets index.html, with or without a session', () => {
    for (const pathname of ['/reset-password', '/no/such/page']) {
      expect(choosePage(facts(pathname, signedIn)), pathname).toEqual({ page: 'index', boot: false })
      expect(rowFor(facts(pathname))).toMatch(/^a path that is no signed-in page/)
    }
  })

  it('a signed-in page without a session cookie gets index.html (the app shows the landing page)', () => {
    for (const f of [facts('/journal'), facts('/', { query: query('signIn=reset') })]) {
      expect(choosePage(f)).toEqual({ page: 'index', boot: false })
      expect(rowFor(f)).toMatch(/^a signed-in page without a session cookie/)
    }
  })

  it('a signed-in page with a session cookie asks for the session to be checked first', () => {
    for (const pathname of ['/', '/journal', '/glossary']) {
      expect(choosePage(facts(pathname, { sessionCookie: true, painted: true })), pathname).toEqual({ page: 'check-session', boot: false })
    }
  })

  it('a session that has ended gets index.html, without a user', () => {
    const f = facts('/journal', { sessionCookie: true, session: 'ended', painted: true })
    expect(choosePage(f)).toEqual({ page: 'index', boot: false })
    expect(rowFor(f)).toMatch(/^a session that has ended/)
  })

  it('a session that could not be checked gets the page unpainted, without a user, so the app checks it', () => {
    for (const more of [{ painted: true }, { painted: true, query: query('blend=3') }, { painted: false }]) {
      expect(choosePage(facts('/journal', { sessionCookie: true, session: 'unknown', ...more }))).toEqual({
        page: 'preloaded',
        boot: false,
      })
    }
  })

  it('signed in on a plain address of a painted page: the painted template and the user', () => {
    for (const pathname of ['/', '/journal', '/blend']) {
      expect(choosePage(facts(pathname, { ...signedIn, painted: true })), pathname).toEqual({ page: 'painted', boot: true })
    }
  })

  it('signed in with a query, or on a page without a painted top: index.html naming its code, and the user', () => {
    expect(choosePage(facts('/journal', { ...signedIn, painted: true, query: query('blend=3') }))).toEqual({
      page: 'preloaded',
      boot: true,
    })
    expect(choosePage(facts('/blend', { ...signedIn, painted: true, query: query('step=2') }))).toEqual({ page: 'preloaded', boot: true })
    expect(choosePage(facts('/glossary', signedIn))).toEqual({ page: 'preloaded', boot: true })
  })

  it('has one test above for each row, and its last row always holds', () => {
    expect(PAGE_CHOICES).toHaveLength(10)
    expect(PAGE_CHOICES.at(-1)!.holds(facts('/anything'))).toBe(true)
  })
})
