// The web half of the bench: Lighthouse (mobile and desktop) on the built app in the system
// Chromium, and a check of what each scored page actually rendered.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.mjs'
import { onCleanup } from './servers.ts'

export type Preset = 'mobile' | 'desktop'

/** A page Lighthouse scores; signed-in pages send the bench user's session cookie. */
export type WebPage = {
  path: string
  signedIn: boolean
  /** How the report names it, when not by its path (a share link's random token). */ label?: string
}

export const PAGES: WebPage[] = [
  { path: '/', signedIn: false },
  { path: '/book', signedIn: false },
  { path: '/review-book', signedIn: false },
  { path: '/redeem', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/blend', signedIn: true },
  { path: '/journal', signedIn: true },
]

export type Rendered = {
  title: string
  h1: string | null
  /** The signed-out landing page (its sign-up section) is on screen. */
  landing: boolean
  /** The text of the first role=status element (a loading spinner's label), when there is no h1. */
  status: string | null
  /** The JSON the page fetched from /api while loading: decoded bytes in all, and each request with its size. */
  apiJson: { bytes: number; requests: { path: string; bytes: number }[] }
}

export type WebResult = {
  page: string
  signedIn: boolean
  preset: Preset
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  /** Accessibility and best-practices audits that did not pass: what keeps those scores under 100. */
  failedAudits: string[]
  /** Why a figure is missing: Lighthouse's runtime error, or a metric it could not compute. */
  errors: string[]
  /** Lighthouse's warnings about the run (e.g. the page loaded slowly). */
  warnings: string[]
  /**
   * Lighthouse's measure of this machine's CPU speed (lhr.environment.benchmarkIndex). Mobile runs
   * slow the observed CPU work down 4x whatever the machine, so a slow machine's TBT is overstated.
   */
  benchmarkIndex: number | null
  /** Every run's performance score, in the order they ran; the other figures are the median run's. */
  runScores: (number | null)[]
  rendered: Rendered | null
}

/** Chromium for Lighthouse and the render check: CHROME_PATH, else the one the browser tests use. */
export function chromePath(): string {
  const found = process.env.CHROME_PATH ?? findChromium()
  if (!found || !fs.existsSync(found)) {
    throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH=/path/to/chromium')
  }
  return found
}

const score = (category: { score: number | null } | undefined) =>
  category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100)

/** The DevTools issue types an inspector-issues audit lists, e.g. " (cookie, mixed content)". */
function issueTypes(details: unknown): string {
  const items = (details as { items?: { issueType?: unknown }[] } | undefined)?.items ?? []
  const types = [...new Set(items.map((i) => i.issueType).filter((t): t is string => typeof t === 'string'))]
  return types.length > 0 ? ` (${types.join(', ')})` : ''
}

type LighthouseFigures = Omit<WebResult, 'page' | 'signedIn' | 'rendered' | 'runScores'>

/**
 * The median of several runs of one page, by performance score (the lower middle of an even
 * count), with every run's score: one mobile run moves several points from the next on the same
 * build, and Lighthouse's own advice is to take the median of a few.
 */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures & { runScores: (number | null)[] } {
  if (runs.length === 0) throw new Error('medianRun needs at least one run')
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runScores: runs.map((run) => run.performance) }
}

/**
 * Lighthouse once, and once more when the run itself failed (it asks for that, e.g. NO_NAVSTART
 * when the trace missed the navigation on a busy machine).
 */
export async function runLighthouse(url: string, preset: Preset, cookie: string | null): Promise<LighthouseFigures> {
  const first = await lighthouseOnce(url, preset, cookie)
  if (first.errors.length === 0) return first
  const second = await lighthouseOnce(url, preset, cookie)
  return second.errors.length === 0 ? second : { ...second, errors: [`twice: ${second.errors.join('; ')}`] }
}

/** One Lighthouse run in a fresh Chromium with its own temporary profile, stopped afterwards. */
async function lighthouseOnce(url: string, preset: Preset, cookie: string | null): Promise<LighthouseFigures> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-chrome-'))
  let chrome: chromeLauncher.LaunchedChrome | null = null
  const stop = async () => {
    if (chrome) {
      const launched = chrome
      chrome = null
      await launched.kill()
    }
    fs.rmSync(userDataDir, { recursive: true, force: true })
  }
  const unregister = onCleanup(stop)
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless', ...CHROMIUM_ARGS],
      userDataDir,
      handleSIGINT: false,
      logLevel: 'silent',
    })
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // The session is an HttpOnly cookie: Lighthouse adds it to the document and every same-origin request.
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
    // An unscored category says why in its metrics' audits (e.g. NO_LCP when nothing contentful painted).
    const auditErrors = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => lhr.audits[id]?.errorMessage && `${id}: ${lhr.audits[id]?.errorMessage}`)
      .filter((m): m is string => !!m)
    const failedAudits = (['accessibility', 'best-practices'] as const).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}${issueTypes(lhr.audits[ref.id]?.details)}`),
    )
    return {
      preset,
      failedAudits,
      performance: score(lhr.categories.performance),
      accessibility: score(lhr.categories.accessibility),
      bestPractices: score(lhr.categories['best-practices']),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      errors: [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...auditErrors],
      warnings: lhr.runWarnings.map(String),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    }
  } finally {
    unregister()
    await stop()
  }
}

/**
 * What each page shows with the same Cookie header Lighthouse sends: its title, its h1, and whether
 * the signed-out landing page is what rendered (it is, on every app path, until accounts ship).
 */
export async function checkRendering(baseUrl: string, pages: WebPage[], cookie: string): Promise<Map<WebPage, Rendered>> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS })
  const unregister = onCleanup(() => browser.close())
  try {
    const out = new Map<WebPage, Rendered>()
    for (const page of pages) {
      const context = await browser.newContext(page.signedIn ? { extraHTTPHeaders: { Cookie: cookie } } : {})
      const tab = await context.newPage()
      const reads: Promise<{ path: string; bytes: number } | null>[] = []
      tab.on('response', (response) => {
        const url = new URL(response.url())
        if (!url.pathname.startsWith('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return
        reads.push(
          response
            .body()
            .then((body) => ({ path: `${url.pathname}${url.search}`, bytes: body.length }))
            .catch(() => null),
        )
      })
      await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle', timeout: 30_000 })
      await tab
        .locator('h1')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined)
      const requests = (await Promise.all(reads)).filter((r): r is { path: string; bytes: number } => r !== null)
      const text = async (selector: string) =>
        (
          await tab
            .locator(selector)
            .first()
            .textContent({ timeout: 1_000 })
            .catch(() => null)
        )?.trim() || null
      const h1 = await text('h1')
      out.set(page, {
        title: await tab.title(),
        h1,
        landing: (await tab.locator('#signup').count()) > 0,
        status: h1 ? null : await text('[role="status"]'),
        apiJson: { bytes: requests.reduce((sum, r) => sum + r.bytes, 0), requests },
      })
      await context.close()
    }
    return out
  } finally {
    unregister()
    await browser.close()
  }
}
