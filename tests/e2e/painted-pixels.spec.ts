import { randomBytes } from 'node:crypto'
import { request as newRequest, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { THEME_COOKIE } from '../../src/shared/config/theme.ts'
import { PAINTED_PAGES } from '../../src/shared/config/signed-in-pages.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { TEST_PASSWORD } from '../support/e2e-users.ts'

/**
 * Decisions 034 and 035: a painted signed-in page, as the server sends it (before any of the app's
 * code has run), and the app's first render of it are the same, pixel for pixel, where the
 * painting covers: the header's bar up to the logo's right edge, and the page's top from the
 * header's bottom border to the painted top's end, across the page. Every painted page, at a
 * phone's and a desktop's width, in the light and the dark theme. Any shift fails.
 */

const WIDTHS = [390, 1280] as const
const THEMES = ['light', 'dark'] as const
type Region = { x: number; y: number; width: number; height: number }

let storageState: Awaited<ReturnType<BrowserContext['storageState']>>

test.beforeAll(async () => {
  // One user for every case, signed up through the API; a new user's Home has the same words every time.
  const api = await newRequest.newContext({ baseURL: process.env.E2E_BASE_URL })
  const email = `pixels-${randomBytes(5).toString('hex')}@example.com`
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name: 'Pixel Tester', email, password: TEST_PASSWORD },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
  storageState = await api.storageState()
  await api.dispose()
})

async function newContext(browser: Browser, width: number, theme: 'light' | 'dark'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width, height: 900 },
    colorScheme: theme,
    reducedMotion: 'reduce',
    storageState,
  })
  await context.addCookies([{ name: THEME_COOKIE, value: theme, url: process.env.E2E_BASE_URL! }])
  return context
}

/** Once the page's fonts have loaded and nothing is left to move. */
async function settled(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** The regions the painting covers, measured on the painted page. */
async function paintedRegions(page: Page): Promise<Region[]> {
  return page.evaluate(() => {
    const skeleton = document.querySelector('[data-skeleton]')!
    const header = skeleton.querySelector('header')!.getBoundingClientRect()
    const logo = skeleton.querySelector('header svg')!.parentElement!.getBoundingClientRect()
    const top = skeleton.querySelector('main > :first-child')!.getBoundingClientRect()
    const width = document.documentElement.clientWidth
    return [
      { x: 0, y: 0, width: Math.ceil(logo.right), height: Math.floor(header.bottom) },
      { x: 0, y: Math.floor(header.bottom) - 1, width, height: Math.ceil(top.bottom) - Math.floor(header.bottom) + 1 },
    ]
  })
}

/** How many pixels differ between two PNG screenshots of one size (decoded by the browser). */
async function differentPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        // From the bytes, not a data: address, which the page's CSP would refuse to fetch.
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        return context.getImageData(0, 0, image.width, image.height)
      }
      const [x, y] = [await pixels(first), await pixels(second)]
      if (x.width !== y.width || x.height !== y.height) return Number.POSITIVE_INFINITY
      let different = 0
      for (let i = 0; i < x.data.length; i += 4) {
        if (
          x.data[i] !== y.data[i] ||
          x.data[i + 1] !== y.data[i + 1] ||
          x.data[i + 2] !== y.data[i + 2] ||
          x.data[i + 3] !== y.data[i + 3]
        )
          different += 1
      }
      return different
    },
    [a.toString('base64'), b.toString('base64')] as const,
  )
}

const shoot = (page: Page, clip: Region) => page.screenshot({ clip, animations: 'disabled', caret: 'hide', scale: 'css' })

test.describe('a painted page and the app that replaces it', () => {
  for (const pathname of PAINTED_PAGES) {
    for (const width of WIDTHS) {
      for (const theme of THEMES) {
        test(`${pathname} at ${width} px, ${theme}: the same pixels before and after the app's first render`, async ({
          browser,
        }, testInfo) => {
          const context = await newContext(browser, width, theme)
          const page = await context.newPage()
          // As the server sends it: no script of the app's runs (the boot script and every module refused).
          await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
          await page.goto(pathname)
          await expect(page.locator('#root > [data-skeleton] h1')).toBeVisible()
          await settled(page)
          const regions = await paintedRegions(page)
          const painted = await Promise.all(regions.map((clip) => shoot(page, clip)))
          // The app's first render: the code loads, the app replaces the painting.
          await page.unroute(/\/assets\/.+\.js$/)
          await page.goto(pathname)
          await expect(page.getByRole('link', { name: 'Accord home' })).toBeVisible()
          await expect(page.locator('[data-skeleton]')).toHaveCount(0)
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
          await settled(page)
          for (const [i, clip] of regions.entries()) {
            const app = await shoot(page, clip)
            const different = painted[i]!.equals(app) ? 0 : await differentPixels(page, painted[i]!, app)
            if (different > 0) {
              await testInfo.attach(`painted-${i}.png`, { body: painted[i]!, contentType: 'image/png' })
              await testInfo.attach(`app-${i}.png`, { body: app, contentType: 'image/png' })
            }
            expect
              .soft(
                different,
                `${i === 0 ? 'the header bar' : "the page's top"} (${clip.width}×${clip.height} px at ${clip.x},${clip.y}): pixels that differ`,
              )
              .toBe(0)
          }
          await context.close()
        })
      }
    }
  }
})
