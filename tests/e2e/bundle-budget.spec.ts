import { expect, test } from '@playwright/test'
import { dynamicKey, entryKey, filesOf, readManifest, staticClosure, totalGzip } from '../support/bundle-sizes.ts'

const KB = 1024
const LANDING_BUDGET = 100 * KB
const ROUTE_BUDGET = 200 * KB

/** Each route and the lazy page module it renders (the route table of SPEC.md §2). */
const ROUTES: Record<string, string> = {
  '/ (signed out: landing)': 'features/landing/components/landing-page.tsx',
  '/ (signed in: home)': 'features/home/components/home-page.tsx',
  '/blend': 'features/blend-creator/components/blend-creator-page.tsx',
  '/journal': 'features/journal/components/journal-page.tsx',
  '/glossary': 'features/glossary/components/glossary-page.tsx',
  '/guidelines': 'features/guides/components/guidelines-page.tsx',
  '/testing': 'features/guides/components/testing-guide-page.tsx',
  '/calculator': 'features/calculator/components/calculator-page.tsx',
  '/book': 'features/book/components/book-page.tsx',
  '/review-book': 'features/review-book/components/review-book-page.tsx',
  '/redeem': 'features/redeem/components/redeem-page.tsx',
  '404': 'app/not-found-page.tsx',
}

/** Libraries only some actions need: they must load on demand, never with a page. */
const ON_DEMAND_ONLY = [/pdf-lib/, /jspdf/, /@react-pdf/]

test.describe('bundle budgets (gzip, from the production build)', () => {
  const manifest = readManifest()
  const entry = staticClosure(manifest, entryKey(manifest))
  const initialBytes = totalGzip(filesOf(manifest, entry))
  const sizes = Object.entries(ROUTES).map(([route, src]) => {
    const page = staticClosure(manifest, dynamicKey(manifest, src))
    const files = filesOf(manifest, new Set([...entry, ...page]))
    return { route, keys: new Set([...entry, ...page]), bytes: totalGzip(files) }
  })

  test.beforeAll(() => {
    const rows = sizes.map((s) => `  ${s.route.padEnd(26)} ${(s.bytes / KB).toFixed(1).padStart(6)} kB`)
    console.log(`Initial JS (entry): ${(initialBytes / KB).toFixed(1)} kB gzip\nPer route (entry + page):\n${rows.join('\n')}`)
  })

  test(`the landing page's initial JavaScript is at most ${LANDING_BUDGET / KB} kB`, () => {
    const landing = sizes.find((s) => s.route.includes('landing'))!
    expect(landing.bytes).toBeLessThanOrEqual(LANDING_BUDGET)
  })

  for (const { route } of sizes) {
    test(`${route} loads at most ${ROUTE_BUDGET / KB} kB of JavaScript`, () => {
      const size = sizes.find((s) => s.route === route)!
      expect(size.bytes).toBeLessThanOrEqual(ROUTE_BUDGET)
    })
  }

  test('heavy libraries are never part of a page or the entry', () => {
    for (const { route, keys } of sizes) {
      const heavy = [...keys].filter((k) => ON_DEMAND_ONLY.some((re) => re.test(k)))
      expect(heavy, `on-demand libraries loaded with ${route}`).toEqual([])
    }
  })
})
