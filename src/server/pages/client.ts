import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE_PREFIX } from '#server/auth/auth.ts'
import { chooseEncoding, compress } from '#server/http/encoding.ts'
import { errorBody } from '#server/http/errors.ts'
import { choosePage, type PageFacts } from '#server/pages/page-choice.ts'
import { pageForRequest } from '#server/pages/request-page.ts'
import { signedInPage, type SignedInPage } from '#server/pages/signed-in-page.ts'
import { isClientPagePath } from '#shared/config/client-paths.ts'
import { PRERENDERED_IN_EVERY_LANGUAGE, PRERENDERED_PAGES, prerenderedFile } from '#shared/config/prerendered-pages.ts'
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PSEUDO_LOCALE,
  pseudoLocaleFromCookies,
  requestLanguage,
  type Language,
} from '#shared/i18n/languages.ts'
import { HOME_HEADING_SLOTS, SIGNED_IN_PAGE_MODULES, type HomeHeadingWords } from '#shared/config/signed-in-pages.ts'
import { themeFromCookies, type ThemeChoice } from '#shared/config/theme.ts'
import { homeHeadingFile, signedInTemplateFile, type SignedInForm } from '#shared/pages/page-templates.ts'

export const ONE_YEAR = 60 * 60 * 24 * 365

/** better-auth's session cookie, with or without the __Secure- prefix it takes over HTTPS. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=[^;\\s]`)

/**
 * The built app: hashed assets cached for a year, and for every page path the HTML the table in
 * page-choice.ts chooses among the build's templates (dist/pages, made by scripts/prerender.mjs,
 * and index.html), with the request's own parts written in by pageForRequest (request-page.ts).
 */
export async function serveClient(app: FastifyInstance, clientDir: string) {
  const root = path.resolve(clientDir)
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The client is not built: ${path.join(root, 'index.html')} is missing. Run "npm run build".`)
  }
  // Read on first use: a server started on port 0 knows its address only once it listens.
  let loaded: PageTemplates | null = null
  const templates = () => (loaded ??= loadTemplates(root, app.config.publicUrl))
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // "/" is answered below: the landing page's HTML or the app's, by session.
    index: false,
    // The build's .br and .gz copies (scripts/compress.mjs), by the request's Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache')
      reply.header('vary', 'accept-encoding')
    },
  })
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('cache-control', 'no-cache')
    // Every page's <html> carries the saved theme (the theme cookie), and "/" depends on the
    // session cookie too, so shared caches must keep the answers apart.
    reply.header('vary', 'cookie, accept-encoding')
    const theme = themeFromCookies(request.headers.cookie)
    const pages = templates()
    const search = request.url.indexOf('?')
    const facts: PageFacts = {
      pathname,
      query: search === -1 ? null : new URLSearchParams(request.url.slice(search + 1)),
      sessionCookie: SESSION_COOKIE.test(request.headers.cookie ?? ''),
      session: 'unchecked',
      painted: pages.signedIn.has(`${pathname} painted en`),
      pseudoLocale: pseudoLocaleFromCookies(request.headers.cookie),
    }
    let choice = choosePage(facts)
    let signedIn: SignedInPage | null | undefined
    if (choice.page === 'check-session') {
      signedIn = await signedInPage(app, request, pathname)
      choice = choosePage({ ...facts, session: signedIn ? 'signed-in' : signedIn === null ? 'ended' : 'unknown' })
    }
    // A public page is in the device's language (its cookie), else the browser's (decision 093), or
    // in the pseudo-locale when the cookie asks for it (decision 101); else as built, in English.
    const prerendered = choice.page === 'prerendered' || choice.page === 'pseudo'
    const variant = choice.page === 'pseudo' ? PSEUDO_LOCALE : pageLanguage(request)
    const translated = prerendered ? pages.prerendered.get(`${pathname} ${variant}`) : undefined
    if (prerendered && pages.translatedPaths.has(pathname)) reply.header('vary', 'cookie, accept-language, accept-encoding')
    // A signed-in page's <html lang> is the account's language, else the device's or the browser's.
    const language = signedIn ? (signedIn.boot.language ?? pageLanguage(request)) : DEFAULT_LANGUAGE
    // Its painted top in that language, else in English (decision 102).
    const signedInTemplate =
      choice.page === 'painted' || choice.page === 'preloaded' ? signedInPageTemplate(pages, pathname, choice.page, language) : undefined
    const template = prerendered ? (translated ?? pages.prerendered.get(pathname)) : signedInTemplate?.template
    if (!choice.boot || !signedIn) return sendHtml(request, reply, (template ?? pages.index)(theme))
    // A browser with a session is about to load a signed-in page: name its code up front, paint
    // its top, and give its first render the user (and Home its summary), checked here (decision 035).
    const { boot, setCookies } = signedIn
    if (setCookies.length > 0) reply.header('set-cookie', setCookies)
    // The user's own data: kept by no shared cache, and asked for again on every visit; in the
    // language of the account, else of the device or the browser.
    reply.header('cache-control', 'private, no-cache')
    reply.header('vary', 'cookie, accept-language, accept-encoding')
    const homeWords = signedInTemplate ? pages.homeWords.get(signedInTemplate.language) : undefined
    return sendFreshHtml(request, reply, pageForRequest((template ?? pages.index).html, { theme, boot, language, homeWords }))
  }
  // The static files' wildcard would refuse "/" (a folder) with a 403.
  app.get('/', (request, reply) => sendPage(request, reply, '/'))
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? ''
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No API route for ${request.method} ${pathname}`))
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'))
    }
    if (isClientPagePath(pathname)) return sendPage(request, reply, pathname)
    // Not a page of the app (a mistyped address, a probe for /.well-known/openid-configuration):
    // 404. A browser gets the app, which shows its "404 Page Not Found" with a way home; anyone
    // else, and every well-known address (read by programs), the error shape.
    reply.status(404)
    const browser = /\btext\/html\b/.test(String(request.headers.accept ?? ''))
    if (browser && !pathname.startsWith('/.well-known/')) return sendPage(request, reply, pathname)
    return reply.send(errorBody('NOT_FOUND', `No page at ${pathname.slice(0, 200)}`))
  })
}

/** The language a prerendered page is served in: the device's choice (its cookie), else the browser's, else English. */
export function pageLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  return requestLanguage(request.headers.cookie, request.headers['accept-language'])
}

/** A signed-in page's template in the language asked for, else English's, with the language it is in. */
function signedInPageTemplate(
  pages: PageTemplates,
  pathname: string,
  form: SignedInForm,
  language: Language,
): { template: Template; language: Language } | undefined {
  const own = form === 'painted' ? pages.signedIn.get(`${pathname} ${form} ${language}`) : undefined
  if (own) return { template: own, language }
  const english = pages.signedIn.get(`${pathname} ${form} ${DEFAULT_LANGUAGE}`)
  return english ? { template: english, language: DEFAULT_LANGUAGE } : undefined
}

type Html = { html: string; br: Buffer; gzip: Buffer }

/** The same middle levels as the list cache: ~1 ms a page at start, within 10% of the smallest. */
const withCompressed = (html: string): Html => ({ html, br: compress(html, 'br'), gzip: compress(html, 'gzip') })

/**
 * A template as built, and the page a request without a user of its own gets from it: one for
 * each theme (pageForRequest), each compressed once, on first use.
 */
type Template = ((theme: ThemeChoice) => Html) & { html: string }

function template(html: string): Template {
  const variants = new Map<ThemeChoice, Html>()
  const forTheme = (theme: ThemeChoice) => {
    let variant = variants.get(theme)
    if (!variant) variants.set(theme, (variant = withCompressed(pageForRequest(html, { theme }))))
    return variant
  }
  return Object.assign(forTheme, { html })
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: Html) {
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  if (encoding) reply.header('content-encoding', encoding)
  return reply.type('text/html; charset=utf-8').send(encoding ? page[encoding] : page.html)
}

/** A page made for this request: compressed once, in the one encoding the request takes. */
function sendFreshHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  if (encoding) reply.header('content-encoding', encoding)
  return reply.type('text/html; charset=utf-8').send(encoding ? compress(html, encoding) : html)
}

type PageTemplates = {
  index: Template
  /**
   * dist/pages/<name>.html by path, and each page built in every language (landing.de.html) and the
   * pseudo-locale (landing.en-XA.html) by "<path> <language>".
   */
  prerendered: Map<string, Template>
  /** The paths whose page the build rendered in every language. */
  translatedPaths: Set<string>
  /**
   * dist/pages/signed-in/<page>.<form>.html by "<path> <form> en", and each painted top in another
   * language (<page>.painted.de.html) by "<path> painted <language>".
   */
  signedIn: Map<string, Template>
  /** Home's heading's words in each language the build wrote them in (signed-in/home-heading.<lang>.json). */
  homeWords: Map<Language, HomeHeadingWords>
}

/**
 * The build's templates, as written (scripts/prerender.mjs); a build without some of them serves
 * index.html in their place. Only the public pages' address is filled in here, from PUBLIC_URL.
 */
function loadTemplates(clientDir: string, publicUrl: string): PageTemplates {
  const pagesDir = path.join(clientDir, '..', 'pages')
  const read = (file: string) => (fs.existsSync(path.join(pagesDir, file)) ? fs.readFileSync(path.join(pagesDir, file), 'utf8') : null)
  const prerendered = new Map<string, Template>()
  const translatedPaths = new Set<string>()
  for (const page of PRERENDERED_PAGES) {
    const html = read(prerenderedFile(page.name))
    if (html !== null) prerendered.set(page.path, template(html.replaceAll('%ACCORD_ORIGIN%', publicUrl)))
    if (!PRERENDERED_IN_EVERY_LANGUAGE.includes(page.name)) continue
    translatedPaths.add(page.path)
    for (const language of [...LANGUAGES, PSEUDO_LOCALE] as const) {
      const translated = read(prerenderedFile(page.name, language))
      if (translated !== null) prerendered.set(`${page.path} ${language}`, template(translated.replaceAll('%ACCORD_ORIGIN%', publicUrl)))
    }
  }
  const homeWords = new Map<Language, HomeHeadingWords>()
  for (const language of LANGUAGES) {
    const json = read(homeHeadingFile(language))
    if (json !== null) homeWords.set(language, JSON.parse(json) as HomeHeadingWords)
  }
  const signedIn = new Map<string, Template>()
  for (const pathname of Object.keys(SIGNED_IN_PAGE_MODULES)) {
    const preloaded = read(signedInTemplateFile(pathname, 'preloaded'))
    if (preloaded !== null) signedIn.set(`${pathname} preloaded ${DEFAULT_LANGUAGE}`, template(preloaded))
    for (const language of LANGUAGES) {
      const html = read(signedInTemplateFile(pathname, 'painted', language))
      // Home's top without its words in that language is not painted in it (none, or another's, would show).
      if (html === null || (html.includes(HOME_HEADING_SLOTS.title) && !homeWords.has(language))) continue
      signedIn.set(`${pathname} painted ${language}`, template(html))
    }
  }
  return { index: template(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')), prerendered, translatedPaths, signedIn, homeWords }
}
