import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { COOKIE_PREFIX } from '#server/auth/auth.ts'
import { chooseEncoding, compress } from '#server/http/encoding.ts'
import { errorBody } from '#server/http/errors.ts'
import { paintRoot, signedInPageHtml, skeletonPageHtml } from '#server/http/page-preloads.ts'
import { homeSkeleton } from '#server/http/page-skeleton.ts'
import { signedInPage, withBootData } from '#server/http/signed-in-page.ts'
import { PRERENDERED_PAGES, type PrerenderedPage } from '#shared/config/prerendered-pages.ts'
import { themeFromCookies, type ThemeChoice } from '#shared/config/theme.ts'

export const ONE_YEAR = 60 * 60 * 24 * 365

/** The query parameters the landing page acts on (app/landing-params.ts): the app must render those. */
const LANDING_ACTION_PARAMS = ['signIn', 'error']
/** better-auth's session cookie, with or without the __Secure- prefix it takes over HTTPS. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=[^;\\s]`)

/**
 * The built app: hashed assets cached for a year; the prerendered public pages (decision 012) for
 * their paths; index.html, the single-page app, for every other path.
 */
export async function serveClient(app: FastifyInstance, clientDir: string) {
  const root = path.resolve(clientDir)
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The client is not built: ${path.join(root, 'index.html')} is missing. Run "npm run build".`)
  }
  // Read on first use: a server started on port 0 knows its address only once it listens.
  let loaded: ReturnType<typeof loadPrerenderedPages> | null = null
  const pages = { get: (pathname: string) => (loaded ??= loadPrerenderedPages(path.join(root, '..', 'pages'), app.config.publicUrl)).get(pathname) }
  const { preloaded: signedInPages, paintable } = signedInPageHtml(root)
  const appPages = new Map([...signedInPages].map(([pathname, html]) => [pathname, themedVariants(html)]))
  const paintedHtml = skeletonPageHtml(paintable)
  const paintedPages = new Map([...paintedHtml].map(([pathname, html]) => [pathname, themedVariants(html)]))
  const indexPage = themedVariants(fs.readFileSync(path.join(root, 'index.html'), 'utf8'))
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
    const page = pages.get(pathname)
    if (page && wantsPrerendered(page.page, request)) return sendHtml(request, reply, page.html(theme))
    const appPage = appPages.get(pathname)
    if (!appPage || !SESSION_COOKIE.test(request.headers.cookie ?? '')) return sendHtml(request, reply, indexPage(theme))
    // A browser with a session is about to load a signed-in page: name its code up front, paint
    // its top, and give its first render the user (and Home its summary), checked here (decision 035).
    const plain = !request.url.includes('?')
    const signedIn = await signedInPage(app, request, pathname)
    if (signedIn === null) return sendHtml(request, reply, indexPage(theme))
    if (signedIn === undefined) return sendHtml(request, reply, ((plain && paintedPages.get(pathname)) || appPage)(theme))
    const { boot, setCookies } = signedIn
    let html = (plain && paintedHtml.get(pathname)) || signedInPages.get(pathname)!
    if (plain && boot.summary) html = paintRoot(paintable.get(pathname)!, homeSkeleton(boot.summary.blendCount)) ?? html
    if (setCookies.length > 0) reply.header('set-cookie', setCookies)
    // The user's own data: kept by no shared cache, and asked for again on every visit.
    reply.header('cache-control', 'private, no-cache')
    return sendFreshHtml(request, reply, withBootData(withTheme(html, theme), boot))
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
    return sendPage(request, reply, pathname)
  })
}

type Html = { html: string; br: Buffer; gzip: Buffer }

/** The same middle levels as the list cache: ~1 ms a page at start, within 10% of the smallest. */
const withCompressed = (html: string): Html => ({ html, br: compress(html, 'br'), gzip: compress(html, 'gzip') })

/**
 * A saved light or dark choice written on <html> as data-theme (decision 028), so the page paints
 * in that theme from its first byte with no script; "system" leaves the page to the CSS media query.
 */
function withTheme(html: string, theme: ThemeChoice): string {
  if (theme === 'system') return html
  return html.replace(/<html\b([^>]*)>/, (_tag, attributes: string) => `<html${attributes.replace(/\sdata-theme="[^"]*"/, '')} data-theme="${theme}">`)
}

/** One page's HTML for each theme, each compressed once, on first use. */
function themedVariants(html: string): (theme: ThemeChoice) => Html {
  const variants = new Map<ThemeChoice, Html>()
  return (theme) => {
    let variant = variants.get(theme)
    if (!variant) variants.set(theme, (variant = withCompressed(withTheme(html, theme))))
    return variant
  }
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

function wantsPrerendered(page: PrerenderedPage, request: FastifyRequest): boolean {
  if (!page.signedOutOnly) return true
  if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return false
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  return !LANDING_ACTION_PARAMS.some((name) => query.has(name))
}

/** dist/pages/<name>.html, made by scripts/prerender.mjs; a build without them serves the app alone. */
function loadPrerenderedPages(dir: string, publicUrl: string) {
  const pages = new Map<string, { page: PrerenderedPage; html: (theme: ThemeChoice) => Html }>()
  for (const page of PRERENDERED_PAGES) {
    const file = path.join(dir, `${page.name}.html`)
    if (!fs.existsSync(file)) continue
    const html = fs.readFileSync(file, 'utf8').replaceAll('%ACCORD_ORIGIN%', publicUrl)
    pages.set(page.path, { page, html: themedVariants(html) })
  }
  return pages
}

