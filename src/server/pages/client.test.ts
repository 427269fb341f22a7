import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BOOT_DATA_ELEMENT_ID, type BootData } from '#shared/config/boot-data.ts'
import { ENTRY_META_NAME } from '#shared/config/prerendered-pages.ts'
import { APP_SHELL_MODULE, HOME_HEADING_SLOTS, SIGNED_IN_PAGE_MODULES, type HomeHeadingWords } from '#shared/config/signed-in-pages.ts'
import { signedInPageTemplates, signedInTemplateFile, type ViteManifest } from '#shared/pages/page-templates.ts'
import type { Language } from '#shared/i18n/languages.ts'
import { chooseEncoding } from '#server/http/encoding.ts'
import { pageForRequest } from '#server/pages/request-page.ts'
import { blendBody, createBlend, oilsByName } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

const APP_ROOT = '<div id="root"></div>'

// A built app in miniature: index.html, a hashed asset with its .br copy, and the prerendered pages.
function fakeBuild(): { dir: string; clientDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-client-'))
  const clientDir = path.join(dir, 'client')
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'pages'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html lang="en">${APP_ROOT}</html>`)
  const js = 'console.log("app")\n'.repeat(200)
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), js)
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(js))
  fs.writeFileSync(
    path.join(dir, 'pages/landing.html'),
    '<!doctype html><html lang="en"><link rel="canonical" href="%ACCORD_ORIGIN%/"><div id="root" data-prerendered="landing">Landing</div></html>',
  )
  for (const language of ['de', 'fr'])
    fs.writeFileSync(
      path.join(dir, `pages/landing.${language}.html`),
      `<!doctype html><html lang="${language}"><link rel="canonical" href="%ACCORD_ORIGIN%/"><div id="root" data-prerendered="landing">Landing ${language}</div></html>`,
    )
  for (const name of ['book', 'review-book', 'redeem'])
    fs.writeFileSync(
      path.join(dir, `pages/${name}.html`),
      `<!doctype html><html lang="en"><div id="root" data-prerendered="${name}">${name}</div></html>`,
    )
  // The pseudo-locale's (decision 101): the landing page's and /book's.
  for (const name of ['landing', 'book'])
    fs.writeFileSync(
      path.join(dir, `pages/${name}.en-XA.html`),
      `<!doctype html><html lang="en-XA"><link rel="canonical" href="%ACCORD_ORIGIN%/"><div id="root" data-prerendered="${name}">[Ƥšéûðö ${name}]</div></html>`,
    )
  return { dir, clientDir }
}

/**
 * Painted tops in the shape client/app/painted-pages.tsx renders them (the build renders the real
 * ones with the app's components: painted-pages.test.tsx and tests/e2e check those).
 */
function paintedTop(title: string, intro: string): string {
  return (
    '<div aria-hidden="true" data-skeleton="" class="flex min-h-dvh flex-col"><header class="sticky top-0"><div class="page-container flex h-16 items-center">Accord</div></header>' +
    '<main class="page-container min-h-dvh flex-1 py-8 outline-none sm:py-10"><div class="flex flex-col gap-2">' +
    `<h1 class="font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">${title}</h1><p class="max-w-2xl text-muted-foreground">${intro}</p>` +
    '</div></main></div>'
  )
}
/** A catalog's words as the build reads them (src/client/locales/<lang>/<section>.json). */
const catalog = (language: Language, section: string) =>
  JSON.parse(fs.readFileSync(`src/client/locales/${language}/${section}.json`, 'utf8')) as Record<string, string>

/** Home's heading's words in a language, as prerender.tsx's paintedTops takes them from the home catalog. */
function homeWords(language: Language): HomeHeadingWords {
  const home = catalog(language, 'home')
  return {
    first: { title: home['home.heading.firstTitle']!, intro: home['home.heading.firstIntro']! },
    back: { title: home['home.heading.backTitle']!.replace('{count}', HOME_HEADING_SLOTS.count), intro: home['home.heading.backIntro']! },
  }
}

/** The painted tops in a language: the journal's from its catalog, Home's with its placeholders. */
function tops(language: Language): Record<string, string> {
  const journal = catalog(language, 'journal')
  return {
    '/': paintedTop(HOME_HEADING_SLOTS.title, HOME_HEADING_SLOTS.intro),
    '/journal': paintedTop(journal['journal.list.title']!, journal['journal.list.intro']!),
  }
}
const TOPS = tops('en')

/**
 * The signed-in pages' templates as scripts/prerender.mjs writes them, into the fake build's pages/:
 * English and German (a build without a language's tops paints English's in it).
 */
function writeSignedInTemplates(dir: string, build: { index: string; codeAfterPaint: string | null; manifest: ViteManifest }) {
  for (const language of ['en', 'de'] as const) {
    for (const [file, html] of signedInPageTemplates({ ...build, tops: tops(language), language, homeHeading: homeWords(language) })) {
      fs.mkdirSync(path.dirname(path.join(dir, 'pages', file)), { recursive: true })
      fs.writeFileSync(path.join(dir, 'pages', file), html)
    }
  }
}

describe('serving the built client', () => {
  let t: TestAppHandle
  let build: ReturnType<typeof fakeBuild>
  beforeAll(async () => {
    build = fakeBuild()
    t = await createTestApp('sqlite', { PUBLIC_URL: 'https://accord.example' }, { clientDir: build.clientDir })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(build.dir, { recursive: true, force: true })
  })
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

  it('serves the API contract with the pages registered: valid, built once at start, leaving the pages out (issue #33)', async () => {
    const res = await get('/api/openapi.json')
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    const document = res.json() as { openapi: string; paths: Record<string, unknown> }
    expect(document.openapi).toBe('3.1.0')
    expect(document.paths['/api/blends']).toBeDefined()
    expect(Object.keys(document.paths).filter((p) => !p.startsWith('/api/') && p !== '/mcp' && !p.startsWith('/.well-known/'))).toEqual([])
    // Served from memory: the same bytes each time, without building the document again.
    const swagger = vi.spyOn(t.app, 'swagger')
    expect((await get('/api/openapi.json')).body).toBe(res.body)
    expect(swagger).not.toHaveBeenCalled()
    swagger.mockRestore()
  })

  it('answers / without a session with the prerendered landing page, with the public address filled in', async () => {
    const res = await get('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('data-prerendered="landing"')
    expect(res.body).toContain('href="https://accord.example/"')
    expect(res.body).not.toContain('%ACCORD_ORIGIN%')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers.vary).toContain('cookie')
  })

  it('answers / with the app when a session cookie is present or the landing page must act on its address', async () => {
    for (const [url, cookie] of [
      ['/', 'theme=dark; accord.session_token=abc.def'],
      ['/', '__Secure-accord.session_token=abc'],
      ['/?signIn=reset', ''],
      ['/?error=google', ''],
    ] as const) {
      const res = await get(url, cookie ? { cookie } : {})
      expect(res.statusCode, url).toBe(200)
      expect(res.body, `${url} ${cookie}`).toBe(`<!doctype html><html lang="en">${APP_ROOT}</html>`)
      expect(res.headers.vary).toContain('cookie')
    }
    // Other parameters (say, a campaign's) still get the fast page.
    expect((await get('/?utm_source=book')).body).toContain('data-prerendered="landing"')
  })

  it('answers / in the device’s language (its cookie), else the browser’s, else English, and says the answer varies by them (decision 093)', async () => {
    const landing = async (headers: Record<string, string>) => {
      const res = await get('/', headers)
      expect(res.headers.vary).toContain('accept-language')
      expect(res.headers.vary).toContain('cookie')
      return /<html lang="(\w+)"[^>]*>.*data-prerendered="landing">([^<]*)</.exec(res.body)?.slice(1)
    }
    expect(await landing({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toEqual(['de', 'Landing de'])
    expect(await landing({ 'accept-language': 'ja, fr-CA;q=0.8, de;q=0.5' })).toEqual(['fr', 'Landing fr'])
    // The device's choice wins over the browser's languages; one Accord does not speak is passed over.
    expect(await landing({ 'accept-language': 'de', cookie: 'accord-language=fr' })).toEqual(['fr', 'Landing fr'])
    expect(await landing({ 'accept-language': 'de', cookie: 'accord-language=ja' })).toEqual(['de', 'Landing de'])
    expect(await landing({ 'accept-language': 'ja' })).toEqual(['en', 'Landing'])
    expect(await landing({})).toEqual(['en', 'Landing'])
    // A language the build did not render (Spanish here) gets the English page rather than nothing.
    expect(await landing({ 'accept-language': 'es' })).toEqual(['en', 'Landing'])
    // The theme is written into the language's page too.
    expect((await get('/', { 'accept-language': 'de', cookie: 'accord-theme=dark' })).body).toContain('<html lang="de" data-theme="dark">')
    // The other public pages are English for now, whatever the language.
    expect((await get('/book', { 'accept-language': 'de' })).body).toContain('<html lang="en">')
  })

  it('answers a public page in the pseudo-locale only to a request whose cookie asks for it, never by its languages (decision 101)', async () => {
    const page = async (url: string, headers: Record<string, string>) => {
      const res = await get(url, headers)
      // A shared cache keeps the pseudo page and the others apart.
      expect(res.headers.vary, `${url} ${JSON.stringify(headers)}`).toContain('cookie')
      expect(res.headers['cache-control']).toBe('no-cache')
      return /<html lang="([\w-]+)"[^>]*>.*data-prerendered="[\w-]+">([^<]*)</.exec(res.body)?.slice(1)
    }
    expect(await page('/', { cookie: 'accord-pseudo-locale=en-XA' })).toEqual(['en-XA', '[Ƥšéûðö landing]'])
    expect(await page('/book', { cookie: 'accord-theme=dark; accord-pseudo-locale=en-XA' })).toEqual(['en-XA', '[Ƥšéûðö book]'])
    // The cookie wins over the device's language and the browser's: the test asked for it.
    expect(await page('/', { cookie: 'accord-language=de; accord-pseudo-locale=en-XA', 'accept-language': 'fr' })).toEqual([
      'en-XA',
      '[Ƥšéûðö landing]',
    ])
    // Its public address and the saved theme are written in as on any prerendered page.
    const themed = await get('/', { cookie: 'accord-pseudo-locale=en-XA; accord-theme=dark' })
    expect(themed.body).toContain('<html lang="en-XA" data-theme="dark">')
    expect(themed.body).toContain('https://accord.example/')
    // Without the cookie, or with another value, nothing changes; a browser asking for en-XA gets English.
    expect(await page('/', {})).toEqual(['en', 'Landing'])
    expect(await page('/', { 'accept-language': 'en-XA' })).toEqual(['en', 'Landing'])
    expect(await page('/', { cookie: 'accord-language=en-XA' })).toEqual(['en', 'Landing'])
    expect(await page('/', { cookie: 'accord-pseudo-locale=1' })).toEqual(['en', 'Landing'])
    expect(await page('/', { cookie: 'my-accord-pseudo-locale=en-XA' })).toEqual(['en', 'Landing'])
    // A page the build did not render in it gets its English page; a session still gets the app at /.
    expect(await page('/redeem', { cookie: 'accord-pseudo-locale=en-XA' })).toEqual(['en', 'redeem'])
    expect((await get('/', { cookie: 'accord-pseudo-locale=en-XA; accord.session_token=abc' })).body).not.toContain('data-prerendered')
  })

  it('answers /book, /review-book and /redeem with their prerendered pages whatever the session, and other paths with the app', async () => {
    for (const name of ['book', 'review-book', 'redeem']) {
      expect((await get(`/${name}`, { cookie: 'accord.session_token=abc' })).body).toContain(`data-prerendered="${name}"`)
      expect((await get(`/${name}?ref=qr`)).body).toContain(`data-prerendered="${name}"`)
    }
    for (const url of ['/journal', '/reset-password']) {
      expect((await get(url)).body, url).toBe(`<!doctype html><html lang="en">${APP_ROOT}</html>`)
    }
    // An address that is no page: the app, with a 404, for a browser.
    expect((await get('/no/such/page', { accept: 'text/html' })).body).toBe(`<!doctype html><html lang="en">${APP_ROOT}</html>`)
  })

  it('sends the prerendered pages compressed as the browser asks, and says the answer varies by it', async () => {
    const br = await get('/book', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('data-prerendered="book"')
    const gzip = await get('/', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('https://accord.example/')
    const plain = await get('/book', { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('data-prerendered="book"')
  })

  it("sends an asset's precompressed copy with a year's cache", async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toContain('accept-encoding')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('console.log("app")')
    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('console.log("app")')
  })

  it('writes a saved theme on <html> of every page it serves, and says the answer varies by cookie', async () => {
    for (const url of ['/', '/book', '/journal']) {
      const dark = await get(url, { cookie: 'other=1; accord-theme=dark' })
      expect(dark.body, url).toMatch(/^<!doctype html><html lang="en" data-theme="dark">/)
      expect(dark.headers.vary, url).toContain('cookie')
      const light = await get(url, { cookie: 'accord-theme=light', 'accept-encoding': 'br' })
      expect(zlib.brotliDecompressSync(light.rawPayload).toString(), url).toContain('<html lang="en" data-theme="light">')
      // No choice, or one that is not ours, leaves the page to the system setting.
      for (const cookie of ['', 'accord-theme=sepia', 'my-accord-theme=dark']) {
        expect((await get(url, { cookie })).body, `${url} ${cookie}`).toContain('<html lang="en">')
      }
    }
    // A session does not stop the landing page's app answer from carrying the theme.
    expect((await get('/', { cookie: 'accord.session_token=abc; accord-theme=dark' })).body).toContain('data-theme="dark"')
  })

  it('answers 404 to a path that is no page of the app, with the app for a browser and the error shape for anyone else (issue #32)', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
    for (const url of ['/.well-known/openid-configuration', '/api/anything', '/wp-login.php', '/journal/x']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
    // A browser's mistyped address: the app, which shows its "404 Page Not Found"; a well-known address never.
    const mistyped = await get('/no-such-page', browser)
    expect(mistyped.statusCode).toBe(404)
    expect(mistyped.body).toContain(APP_ROOT)
    const wellKnown = await get('/.well-known/openid-configuration', browser)
    expect(wellKnown.statusCode).toBe(404)
    expect(wellKnown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    // Every page the client's routers render still gets the app.
    for (const url of [
      '/',
      '/journal',
      '/blend?step=2',
      '/account',
      '/oauth/consent',
      '/redeem',
      '/reset-password',
      '/review-book',
      '/label',
      '/Journal/',
    ]) {
      const res = await get(url, browser)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toContain('text/html')
    }
  })

  it('keeps unknown API paths and non-GET methods out of the app', async () => {
    expect((await get('/api/nope')).json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    const post = await t.app.inject({ method: 'POST', url: '/book' })
    expect(post.statusCode).toBe(404)
  })
})

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 refusals', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull()
    expect(chooseEncoding('*')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding(undefined)).toBeNull()
  })
})

describe('the signed-in pages, for a browser with a session', () => {
  let t: TestAppHandle
  let dir: string
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-client-'))
    const clientDir = path.join(dir, 'client')
    fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true })
    const index =
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e.js"></script></head><body><div id="root"></div></body></html>'
    fs.writeFileSync(path.join(clientDir, 'index.html'), index)
    // The entry imports react; the shell imports react and a button; the journal page imports the button and a form.
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-r.js' },
      '_button.js': { file: 'assets/button-b.js', imports: ['_react.js'] },
      '_form.js': { file: 'assets/form-f.js', imports: ['_button.js'] },
      'src/client/app/app-shell.tsx': { file: 'assets/app-shell-s.js', isDynamicEntry: true, imports: ['_react.js', '_button.js'] },
      'src/client/features/journal/components/journal-page.tsx': {
        file: 'assets/journal-page-j.js',
        isDynamicEntry: true,
        imports: ['_form.js'],
      },
      'src/client/features/home/components/home-page.tsx': { file: 'assets/home-page-h.js', isDynamicEntry: true },
    }
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    // A build without the code-after-paint template: the painted pages are index.html with the links.
    writeSignedInTemplates(dir, { index, codeAfterPaint: null, manifest })
    t = await createTestApp('sqlite', {}, { clientDir })
    user = await createUser(t, { name: 'Ada </script><b>' })
    session = { cookie: user.cookie }
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  let user: TestUser
  let session: { cookie: string }
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1])
  const bootOf = (html: string) => {
    const json = /<script type="application\/json" id="accord-boot">(.*?)<\/script>/s.exec(html)?.[1]
    return json === undefined ? undefined : (JSON.parse(json) as BootData)
  }

  it('names the shell, the page and their imports beyond the entry, so they download at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/journal?tab=tested', headers: session })
    expect(res.statusCode).toBe(200)
    expect(preloads(res.body).sort()).toEqual([
      '/assets/app-shell-s.js',
      '/assets/button-b.js',
      '/assets/form-f.js',
      '/assets/journal-page-j.js',
    ])
    expect(res.body).toContain('<div id="root"></div>')
    // The page names its user and is in their language: kept by no shared cache.
    expect(res.headers.vary).toBe('cookie, accept-language, accept-encoding')
    expect(res.headers['cache-control']).toBe('private, no-cache')
    const home = await t.app.inject({ method: 'GET', url: '/', headers: session })
    expect(preloads(home.body).sort()).toEqual(['/assets/app-shell-s.js', '/assets/button-b.js', '/assets/home-page-h.js'])
  })

  it("paints a page's heading before its code runs, hidden from assistive technology, on a plain address", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/journal', headers: session })
    const root = /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(res.body)?.[1] ?? ''
    expect(root).toMatch(/^<div aria-hidden="true" data-skeleton=""/)
    expect(root).toContain('<h1 class="font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">Blend Journal</h1>')
    expect(root).toContain('Every blend you have saved, its versions, and how each one tested.')
    expect(root).not.toMatch(/<a |<button|tabindex/i)
    // With a query the page's top may be another (a blend's details): the root stays empty.
    expect((await t.app.inject({ method: 'GET', url: '/journal?blend=3', headers: session })).body).toContain('<div id="root"></div>')
  })

  it("gives the page's first render its user, checked on the server, with every < escaped", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/journal', headers: session })
    expect(bootOf(res.body)).toEqual({ user: { id: user.userId, email: user.email, name: 'Ada </script><b>', image: null } })
    // The name cannot close the element: the only </script> after it is the element's own.
    expect(res.body).toContain('"name":"Ada \\u003c/script>\\u003cb>"')
    expect(res.body.match(/<\/script>/g)).toHaveLength(2)
  })

  it("gives a new device the account's language from the first byte: in the boot data and on <html lang> (decision 093)", async () => {
    const german = await createUser(t)
    // No choice of its own yet: the device's (its cookie), else the browser's languages, name the page.
    const before = await t.app.inject({
      method: 'GET',
      url: '/journal',
      headers: { cookie: german.cookie, 'accept-language': 'fr-CH, de;q=0.5' },
    })
    expect(bootOf(before.body)?.language).toBeUndefined()
    expect(before.body).toContain('<html lang="fr">')
    expect((await injectAs(t, german, 'PUT', '/api/me/settings', { language: 'de' })).statusCode).toBe(200)
    // The account's setting wins over the browser's languages and the device's cookie.
    for (const url of ['/', '/journal', '/account']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `${german.cookie}; accord-language=it; accord-theme=dark`, 'accept-language': 'fr' },
      })
      expect(bootOf(res.body)?.language, url).toBe('de')
      expect(res.body, url).toContain('<html lang="de" data-theme="dark">')
      expect(res.headers.vary, url).toBe('cookie, accept-language, accept-encoding')
    }
    // Another maker's page keeps their own: English by default.
    const theirs = await t.app.inject({ method: 'GET', url: '/journal', headers: session })
    expect(bootOf(theirs.body)?.language).toBeUndefined()
    expect(theirs.body).toContain('<html lang="en">')
  })

  it("paints Home's top with the user's own count, and gives Home its summary", async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/', headers: session })
    expect(empty.body).toContain(`>Welcome to Accord! Let&#39;s create your first blend</h1>`)
    expect(empty.body).toContain(
      '>Start from an oil you love, an effect or a scent family, and Accord will guide you through each layer.</p>',
    )
    expect(bootOf(empty.body)?.summary).toEqual({ blendCount: 0, testedCount: 0, recent: [] })
    const oils = await oilsByName(t)
    await createBlend(t, user, blendBody(oils, { name: 'Morning <Citrus>' }))
    const home = await t.app.inject({ method: 'GET', url: '/', headers: session })
    const root = /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(home.body)?.[1] ?? ''
    expect(root).toMatch(/^<div aria-hidden="true" data-skeleton=""/)
    expect(root).toContain('>Welcome back! You have 1 blend(s) in your collection</h1>')
    const boot = bootOf(home.body)
    expect(boot?.summary?.blendCount).toBe(1)
    expect(boot?.summary?.recent.map((blend) => blend.name)).toEqual(['Morning <Citrus>'])
    expect(home.body).not.toContain('Morning <Citrus>')
    // Another user's page counts only their own.
    const other = await createUser(t)
    const theirs = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: other.cookie } })
    expect(bootOf(theirs.body)?.summary?.blendCount).toBe(0)
    expect(bootOf(theirs.body)?.user.id).toBe(other.userId)
  })

  it("paints the top and Home's greeting in the page's language: the account's, else the device's or the browser's (decision 102)", async () => {
    const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? ''
    const maker = await createUser(t)
    const de = { journal: catalog('de', 'journal'), home: catalog('de', 'home') }
    // The browser asks for German: the German top, on <html lang="de">.
    const journal = await t.app.inject({
      method: 'GET',
      url: '/journal',
      headers: { cookie: maker.cookie, 'accept-language': 'de-DE,de;q=0.9' },
    })
    expect(journal.body).toContain('<html lang="de">')
    expect(rootOf(journal.body)).toContain(`>${de.journal['journal.list.title']}</h1>`)
    expect(rootOf(journal.body)).toContain(de.journal['journal.list.intro'])
    expect(rootOf(journal.body)).not.toContain('Blend Journal')
    expect(rootOf(journal.body)).not.toContain('Every blend you have saved')
    // Home's greeting in the home catalog's German, counting the maker's blends.
    const home = async (headers: Record<string, string>) =>
      rootOf((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: maker.cookie, ...headers } })).body)
    const empty = await home({ 'accept-language': 'de' })
    expect(empty).toContain(`>${de.home['home.heading.firstTitle']}</h1>`)
    expect(empty).toContain(`>${de.home['home.heading.firstIntro']}</p>`)
    expect(empty).not.toMatch(/Welcome|%ACCORD/)
    await createBlend(t, maker, blendBody(await oilsByName(t), { name: 'Abendruhe' }))
    await createBlend(t, maker, blendBody(await oilsByName(t), { name: 'Morgenfrisch' }))
    expect(await home({ cookie: `${maker.cookie}; accord-language=de` })).toContain(
      '>Willkommen zurück! Sie haben 2 Mischung(en) in Ihrer Sammlung</h1>',
    )
    // English for an English browser, word for word as before.
    const english = await home({ 'accept-language': 'en-GB' })
    expect(english).toContain('>Welcome back! You have 2 blend(s) in your collection</h1>')
    expect(english).toContain('>Pick up where you left off, or start something new.</p>')
    // The account's language wins over the browser's: German for a German account on an English browser.
    expect((await injectAs(t, maker, 'PUT', '/api/me/settings', { language: 'de' })).statusCode).toBe(200)
    const account = await t.app.inject({ method: 'GET', url: '/journal', headers: { cookie: maker.cookie, 'accept-language': 'en' } })
    expect(account.body).toContain('<html lang="de">')
    expect(rootOf(account.body)).toContain(`>${de.journal['journal.list.title']}</h1>`)
    expect(await home({ 'accept-language': 'en' })).toContain('>Willkommen zurück! Sie haben 2 Mischung(en) in Ihrer Sammlung</h1>')
    // A language the build painted no tops in (French, here) gets English's top and words, not an empty page.
    expect((await injectAs(t, maker, 'PUT', '/api/me/settings', { language: 'fr' })).statusCode).toBe(200)
    const french = await home({})
    expect(french).toContain('>Welcome back! You have 2 blend(s) in your collection</h1>')
  })

  it('sends the app as built for a session that has ended, without a skeleton or a user', async () => {
    for (const url of ['/', '/journal']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'accord.session_token=abc.def' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
      expect(bootOf(res.body), url).toBeUndefined()
      expect(preloads(res.body), url).toEqual([])
    }
  })

  it('escapes what it paints', () => {
    const template = `<html><head></head><body><div id="root"><h1>${HOME_HEADING_SLOTS.title}</h1><p>${HOME_HEADING_SLOTS.intro}</p></div></body></html>`
    const boot: BootData = {
      user: { id: 'u', email: 'a@example.com', name: null, image: null },
      summary: { blendCount: 0, testedCount: 0, recent: [] },
    }
    expect(pageForRequest(template, { theme: 'system', boot, homeWords: homeWords('en') })).toContain(
      `<h1>Welcome to Accord! Let&#39;s create your first blend</h1><p>${catalog('en', 'home')['home.heading.firstIntro']}</p>`,
    )
    // A name the words hold is escaped too (a translation with an apostrophe, a quote).
    const words: HomeHeadingWords = {
      first: { title: '<b>"Hi"</b>', intro: 'a & b' },
      back: { title: `${HOME_HEADING_SLOTS.count} <i>`, intro: '' },
    }
    expect(pageForRequest(template, { theme: 'system', boot, homeWords: words })).toContain(
      '<h1>&lt;b&gt;&quot;Hi&quot;&lt;/b&gt;</h1><p>a &amp; b</p>',
    )
    // The install manifest of the page's language is linked (decision 102), English's as before.
    const linked = `<html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>`
    expect(pageForRequest(linked, { theme: 'system', boot, language: 'de' })).toContain(
      '<link rel="manifest" href="/manifest.de.webmanifest">',
    )
    expect(pageForRequest(linked, { theme: 'system', boot, language: 'en' })).toContain(
      '<link rel="manifest" href="/manifest.webmanifest">',
    )
    // Never a placeholder on the page, even without words.
    expect(pageForRequest(template, { theme: 'system', boot })).not.toContain('%ACCORD')
    // A page without a painted top gets none from the build.
    const files = [
      ...signedInPageTemplates({
        index: '<html><head></head><div id="root"></div></html>',
        codeAfterPaint: null,
        manifest: { [APP_SHELL_MODULE]: { file: 'assets/s.js' }, [SIGNED_IN_PAGE_MODULES['/glossary']!]: { file: 'assets/g.js' } },
        tops: TOPS,
      }).keys(),
    ]
    expect(files).toEqual([signedInTemplateFile('/glossary', 'preloaded')])
  })

  it('sends it compressed as asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/journal', headers: { ...session, 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(preloads(zlib.brotliDecompressSync(res.rawPayload).toString())).toHaveLength(4)
  })

  it('sends index.html as built without a session, and on paths that are not signed-in pages', async () => {
    for (const [url, headers] of [
      ['/journal', {}],
      ['/no/such/page', { ...session, accept: 'text/html' }],
      ['/reset-password', session],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers })
      expect(res.statusCode, url).toBe(url === '/no/such/page' ? 404 : 200)
      expect(preloads(res.body), url).toEqual([])
      expect(res.body, url).toContain('<div id="root"></div>')
    }
  })
})

describe('the signed-in pages, when the build made the painted template', () => {
  let t: TestAppHandle
  let dir: string
  let user: TestUser
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-client-'))
    const clientDir = path.join(dir, 'client')
    fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true })
    const index =
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="stylesheet" crossorigin href="/assets/index-c.css"></head><body><div id="root"></div></body></html>'
    fs.writeFileSync(path.join(clientDir, 'index.html'), index)
    // What scripts/prerender.mjs makes of it: the stylesheet inline, the entry loaded after the first paint.
    const codeAfterPaint = `<!doctype html><html><head><meta name="${ENTRY_META_NAME}" content="/assets/index-e.js /assets/react-r.js" />\n<script type="module" src="/assets/boot-b.js"></script><style>body{}</style></head><body><div id="root"></div></body></html>`
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-r.js' },
      'src/client/app/app-shell.tsx': { file: 'assets/app-shell-s.js', isDynamicEntry: true, imports: ['_react.js'] },
      'src/client/features/journal/components/journal-page.tsx': { file: 'assets/journal-page-j.js', isDynamicEntry: true },
      'src/client/features/home/components/home-page.tsx': { file: 'assets/home-page-h.js', isDynamicEntry: true },
    }
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    writeSignedInTemplates(dir, { index, codeAfterPaint, manifest })
    t = await createTestApp('sqlite', {}, { clientDir })
    user = await createUser(t)
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  const entryList = (html: string) => new RegExp(`<meta name="${ENTRY_META_NAME}" content="([^"]*)"`).exec(html)?.[1]?.split(' ')

  it('paints the top with the stylesheet inline, and loads the entry and the page after the first paint', async () => {
    for (const [url, page] of [
      ['/journal', '/assets/journal-page-j.js'],
      ['/', '/assets/home-page-h.js'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
      expect(res.body, url).toMatch(/<div id="root"><div aria-hidden="true" data-skeleton=""/)
      expect(res.body, url).toContain('<style>body{}</style>')
      expect(res.body, url).not.toContain('rel="stylesheet"')
      expect(res.body, url).not.toContain('modulepreload')
      expect(entryList(res.body), url).toEqual(['/assets/index-e.js', '/assets/react-r.js', '/assets/app-shell-s.js', page])
      expect(res.body, url).toContain(`id="${BOOT_DATA_ELEMENT_ID}"`)
    }
  })

  it('sends the page unpainted and without a user when the session cannot be checked, so the app checks it itself', async () => {
    const check = vi.spyOn(t.app.identity.auth.api, 'getSession').mockRejectedValue(new Error('the database is down'))
    try {
      const res = await t.app.inject({ method: 'GET', url: '/journal', headers: { cookie: user.cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<div id="root"></div>')
      expect(res.body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/journal-page-j.js">')
      expect(res.body).not.toContain(`id="${BOOT_DATA_ELEMENT_ID}"`)
      expect(res.headers['cache-control']).toBe('no-cache')
    } finally {
      check.mockRestore()
    }
  })

  it('keeps index.html with its preload links where it paints nothing (an address with a query)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/journal?blend=1', headers: { cookie: user.cookie } })
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('rel="stylesheet"')
    expect(res.body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/journal-page-j.js">')
  })
})

describe('the table of signed-in pages', () => {
  it('names the module the signed-in routes render on each path, and the shell the gate loads', () => {
    const router = fs.readFileSync('src/client/app/signed-in-routes.tsx', 'utf8')
    const gate = fs.readFileSync('src/client/app/app-gate.tsx', 'utf8')
    const asImport = (module: string) => `import('#client/${module.replace('src/client/', '')}')`
    expect(gate).toContain(asImport(APP_SHELL_MODULE))
    for (const [pathname, module] of Object.entries(SIGNED_IN_PAGE_MODULES)) {
      expect(router, module).toContain(asImport(module))
      expect(fs.existsSync(module), module).toBe(true)
      if (pathname !== '/') expect(router, pathname).toContain(`path="${pathname.slice(1)}"`)
    }
  })
})
