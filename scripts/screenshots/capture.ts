// Makes the landing page's screenshots and the social card from the running app itself
// (decision 013): a demo user with real blends, journal tests and a calculation, in Chromium.
// `npm run screenshots` runs it against a fresh built server; a browser test runs it too, so a
// change that breaks a screen it visits fails the suite.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import { chooseOption } from '../../tests/support/e2e-select.ts'

/** Where the landing page's screenshots live, and their size: 1280×800 CSS pixels, scaled by 5/8. */
export const SCREENSHOT_DIR = 'src/client/features/landing/assets/screenshots'
export const SCREENSHOT_SIZE = { width: 800, height: 500 } as const
const VIEWPORT = { width: 1280, height: 800 } as const
/** The Open Graph image (docs/product.md §2, link previews): 1200×630, as the platforms ask. */
export const SOCIAL_CARD = { file: 'public/social-card.jpg', width: 1200, height: 630 } as const

export const SCREENS = ['blend-creator', 'journal', 'calculator'] as const
export type Screen = (typeof SCREENS)[number]

type Oil = { id: number; name: string }
type DemoBlend = {
  name: string
  top: string
  middle: string
  base: string
  split: [number, number, number]
  effects: string[]
  notes: string
  ratings: number[]
}

const DEMO_BLENDS: DemoBlend[] = [
  {
    name: 'Evening Calm',
    top: 'Bergamot',
    middle: 'Lavender',
    base: 'Atlas Cedarwood',
    split: [30, 50, 20],
    effects: ['Relaxing', 'Uplifting'],
    notes: 'Soft and round after a week.',
    ratings: [4, 5],
  },
  {
    name: 'Morning Zest',
    top: 'Sweet Orange',
    middle: 'Rosemary',
    base: 'Vetiver',
    split: [40, 40, 20],
    effects: ['Energising'],
    notes: 'Bright opening, a little sharp.',
    ratings: [3],
  },
  {
    name: 'Forest Walk',
    top: 'Lemon',
    middle: 'Clary Sage',
    base: 'Atlas Cedarwood',
    split: [25, 45, 30],
    effects: ['Grounding'],
    notes: 'Green and woody.',
    ratings: [],
  },
  {
    name: 'Quiet Focus',
    top: 'Peppermint',
    middle: 'Lavender',
    base: 'Frankincense',
    split: [20, 50, 30],
    effects: ['Balancing'],
    notes: 'For the desk.',
    ratings: [5, 4, 5],
  },
]

async function api(page: Page) {
  const tokenRes = await page.request.get('/api/auth/token')
  if (!tokenRes.ok()) throw new Error(`GET /api/auth/token answered ${tokenRes.status()}`)
  const { token } = (await tokenRes.json()) as { token: string }
  return { authorization: `Bearer ${token}` }
}

/** Signs a demo user up in the page's cookie jar and gives them the demo blends and tests. */
async function seedDemoUser(page: Page, baseUrl: string) {
  const email = `demo-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Rosa Demo', email, password: 'demo-password-1' },
    headers: { origin: baseUrl },
  })
  if (!signUp.ok()) throw new Error(`Sign-up answered ${signUp.status()}: ${await signUp.text()}`)
  const headers = await api(page)
  const oils = new Map(((await (await page.request.get('/api/essential-oils')).json()) as Oil[]).map((o) => [o.name, o.id]))
  const oil = (name: string) => {
    const id = oils.get(name)
    if (id === undefined) throw new Error(`The catalog has no oil named ${name}`)
    return id
  }
  for (const blend of DEMO_BLENDS) {
    const res = await page.request.post('/api/blends', {
      headers,
      data: {
        name: blend.name,
        topNote: oil(blend.top),
        middleNote: oil(blend.middle),
        baseNote: oil(blend.base),
        topPercentage: blend.split[0],
        middlePercentage: blend.split[1],
        basePercentage: blend.split[2],
        effects: blend.effects,
        notes: blend.notes,
      },
    })
    if (res.status() !== 201) throw new Error(`Saving ${blend.name} answered ${res.status()}: ${await res.text()}`)
    const versionId = ((await res.json()) as { version: { id: number } }).version.id
    for (const rating of blend.ratings) {
      const entry = await page.request.post('/api/journal-entries', { headers, data: { versionId, rating, notes: 'Smelled on a strip.' } })
      if (entry.status() !== 201) throw new Error(`Logging a test answered ${entry.status()}: ${await entry.text()}`)
    }
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

const choose = (page: Page, trigger: Locator, option: string) => chooseOption(page, trigger, option, true)

/** Opens each screen in the state the landing page shows. */
const STAGE: Record<Screen, (page: Page) => Promise<void>> = {
  'blend-creator': async (page) => {
    await page.goto('/blend')
    await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
    await choose(page, page.getByRole('combobox', { name: 'Essential oil' }), 'Bergamot (Citrus bergamia)')
    await page.getByRole('button', { name: 'Start Your Blend' }).click()
    await page.getByRole('button', { name: 'Yes Add as Top Note' }).click()
    await expect(heading(page, 'Build Your Blend')).toBeVisible()
    await page.getByRole('button', { name: /Choose a Middle Note/ }).click()
    await expect(heading(page, 'Select Your Middle Note')).toBeVisible()
  },
  journal: async (page) => {
    await page.goto('/journal')
    await expect(heading(page, 'Blend Journal')).toBeVisible()
    await expect(page.getByText('Evening Calm').first()).toBeVisible()
  },
  calculator: async (page) => {
    await page.goto('/calculator')
    await expect(heading(page, 'Project Calculator')).toBeVisible()
    // The blend picker is a searchable combobox over the paged list.
    await page.getByRole('combobox', { name: 'Blend', exact: true }).click()
    await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
    await choose(page, page.getByRole('combobox', { name: 'Product type' }), 'Cold process soap')
    await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
    await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('3')
    await expect(page.getByTestId('total-oil')).toBeVisible()
  },
}

/** The page as it is on screen, without the caret, scrolled to the top, with animations done. */
async function settle(page: Page) {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo({ top: 0 })
  })
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  await page.waitForTimeout(150)
}

/** Chromium's own encoder, through the DevTools protocol: WebP and JPEG without an image library. */
async function capture(page: Page, format: 'webp' | 'jpeg', quality: number, scale: number): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page)
  const viewport = page.viewportSize()!
  const { data } = (await cdp.send('Page.captureScreenshot', {
    format,
    quality,
    clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale },
  })) as { data: string }
  await cdp.detach()
  return Buffer.from(data, 'base64')
}

export type CaptureResult = { file: string; bytes: number }

/**
 * Captures every screen into `outDir` (<screen>.webp) and, when `socialCardFile` is given, the
 * landing page's hero as the social card. The server at `baseUrl` must be the built app.
 */
export async function captureScreens(browser: Browser, baseUrl: string, outDir: string, socialCardFile?: string): Promise<CaptureResult[]> {
  fs.mkdirSync(outDir, { recursive: true })
  const results: CaptureResult[] = []
  const write = (file: string, data: Buffer) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, data)
    results.push({ file, bytes: data.length })
  }
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, reducedMotion: 'reduce', locale: 'en-US' })
  try {
    const page = await context.newPage()
    await seedDemoUser(page, baseUrl)
    for (const screen of SCREENS) {
      await STAGE[screen](page)
      await settle(page)
      write(path.join(outDir, `${screen}.webp`), await capture(page, 'webp', 82, SCREENSHOT_SIZE.width / VIEWPORT.width))
    }
  } finally {
    await context.close()
  }
  if (socialCardFile) {
    const visitor = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: SOCIAL_CARD.width, height: SOCIAL_CARD.height },
      reducedMotion: 'reduce',
    })
    try {
      const page = await visitor.newPage()
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await settle(page)
      write(socialCardFile, await capture(page, 'jpeg', 85, 1))
    } finally {
      await visitor.close()
    }
  }
  return results
}
