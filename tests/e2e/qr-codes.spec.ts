import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  chromium,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import { QUIET_ZONE, qrMatrix } from '../../src/client/lib/qr/qr-matrix.ts'
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.mjs'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { waitForServiceWorker } from '../support/offline-journeys.ts'
import { signUpInPage, TEST_PASSWORD } from '../support/e2e-users.ts'

/**
 * QR codes at the bench (docs/product.md "QR codes at the bench", decision 082), against the built
 * app: a bottle's code on screen holds its page's address; the scanner, fed a camera stand-in
 * (Chromium's fake camera playing a video file this test writes, holding that bottle's code),
 * opens the bottle's page; a code of something else is named and scanning goes on; the camera
 * stops when the scanner closes; with no camera the number is typed; and offline, in the
 * installed app, the scanner and its decoder come from the service worker's precache.
 */

const BASE = process.env.E2E_BASE_URL!

/**
 * A Y4M video (4:2:0) whose every frame is the QR code of `text` on white, 640 × 480, as a phone
 * held at a label sees it: Chromium's fake camera plays it in a loop.
 */
function codeVideo(text: string): string {
  const width = 640
  const height = 480
  const matrix = qrMatrix(text)
  const side = matrix.size + 2 * QUIET_ZONE
  const scale = Math.floor(400 / side)
  const left = Math.floor((width - side * scale) / 2)
  const top = Math.floor((height - side * scale) / 2)
  const luma = Buffer.alloc(width * height, 235)
  for (let y = 0; y < side * scale; y++)
    for (let x = 0; x < side * scale; x++)
      if (matrix.dark(Math.floor(x / scale) - QUIET_ZONE, Math.floor(y / scale) - QUIET_ZONE)) luma[(top + y) * width + left + x] = 16
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma])
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-camera-')), 'code.y4m')
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]))
  return file
}

/** A browser of its own whose camera plays `video`: the other journeys keep their flags. */
function browserWithCamera(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  })
}

/** Records every camera stream the page opens, to see they are stopped. */
async function watchCameras(context: BrowserContext) {
  await context.addInitScript(() => {
    const streams: MediaStream[] = []
    ;(window as unknown as { accordStreams: MediaStream[] }).accordStreams = streams
    const media = navigator.mediaDevices
    if (!media?.getUserMedia) return
    const original = media.getUserMedia.bind(media)
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints)
      streams.push(stream)
      return stream
    }
  })
}

const liveTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { accordStreams: MediaStream[] }).accordStreams
        .flatMap((s) => s.getTracks())
        .filter((t) => t.readyState === 'live').length,
  )

/** Adds a Lavender bottle (lot LV-2291) for the signed-in user of `page`; its id. */
async function addBottle(page: Pick<Page, 'request'>): Promise<number> {
  const oil = await oilIds(page as Page)
  const res = await page.request.post('/api/shelf/bottles', {
    headers: await bearerOf(page as Page),
    data: { oilId: oil('Lavender'), unit: 'mL', size: 10, lotCode: 'LV-2291', supplier: 'Hedgerow Oils' },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/**
 * A new maker with one bottle, signed up before any browser starts (the fake camera reads its
 * file at launch, and the file holds the bottle's code): the bottle's id and the session to
 * start the browser with.
 */
async function makerBeforeLaunch(): Promise<{ id: number; api: APIRequestContext }> {
  const api = await playwrightRequest.newContext({ baseURL: BASE })
  const email = `qr-${crypto.randomUUID().slice(0, 12)}@example.com`
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name: 'Ada Lovelace', email, password: TEST_PASSWORD },
    headers: { origin: BASE },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return { id: await addBottle({ request: api }), api }
}

const bottleUrl = (id: number) => new URL(`/shelf/bottles/${id}`, BASE).href

test.describe('with a camera stand-in', () => {
  test("the shelf shows a bottle's code, and the scanner opens that bottle from it", async () => {
    test.setTimeout(90_000)
    const { id, api } = await makerBeforeLaunch()
    const browser = await browserWithCamera(codeVideo(bottleUrl(id)))
    try {
      const context = await browser.newContext({
        baseURL: BASE,
        viewport: { width: 412, height: 860 },
        serviceWorkers: 'block',
        storageState: await api.storageState(),
      })
      await context.grantPermissions(['camera'], { origin: BASE })
      await watchCameras(context)
      const page = await context.newPage()
      await page.goto('/shelf')

      // The bottle's code holds its page's full address, and names its lot and number.
      await page.getByRole('button', { name: 'QR code of Lavender bottle' }).click()
      const codeDialog = page.getByRole('dialog', { name: 'QR code of Lavender' })
      await expect(codeDialog.getByRole('img', { name: `QR code opening ${bottleUrl(id)}` })).toHaveAttribute('data-qr-text', bottleUrl(id))
      await expect(codeDialog).toContainText('Lot LV-2291 · Hedgerow Oils')
      await expect(codeDialog).toContainText(`Bottle no. ${id}`)
      const download = page.waitForEvent('download')
      await codeDialog.getByRole('button', { name: 'Print QR code' }).click()
      expect((await download).suggestedFilename()).toBe(`lavender-bottle-${id}-qr-code.pdf`)
      await page.keyboard.press('Escape')
      await expect(codeDialog).toBeHidden()

      // Scan a code, by keyboard: the camera sees the code and the bottle's page opens.
      await page.getByRole('button', { name: 'Scan a code' }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/shelf/bottles/${id}$`))
      await expect(page.getByRole('dialog', { name: 'Scan a code' })).toBeHidden()
      await expect.poll(() => liveTracks(page)).toBe(0)
    } finally {
      await browser.close()
    }
  })

  test('a code that names no Accord bottle or batch is said so, scanning goes on, and closing stops the camera', async () => {
    test.setTimeout(60_000)
    const browser = await browserWithCamera(codeVideo('https://example.org/not-a-bottle'))
    try {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block' })
      await context.grantPermissions(['camera'], { origin: BASE })
      await watchCameras(context)
      const page = await context.newPage()
      await signUpInPage(page)
      await page.goto('/shelf?scan=1')
      const scanner = page.getByRole('dialog', { name: 'Scan a code' })
      await expect(scanner.getByText('That code names no Accord bottle or batch. Still looking...')).toBeVisible()
      expect(new URL(page.url()).pathname).toBe('/shelf')
      expect(await liveTracks(page)).toBe(1)
      await scanner.getByRole('button', { name: 'Close' }).click()
      await expect(scanner).toBeHidden()
      await expect.poll(() => liveTracks(page)).toBe(0)
      expect(new URL(page.url()).search).toBe('')
    } finally {
      await browser.close()
    }
  })

  test('offline, in the installed app, the scanner and its decoder come from the precache and open the bottle', async () => {
    test.setTimeout(120_000)
    const { id, api } = await makerBeforeLaunch()
    const browser = await browserWithCamera(codeVideo(bottleUrl(id)))
    try {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'allow', storageState: await api.storageState() })
      await context.grantPermissions(['camera'], { origin: BASE })
      const page = await context.newPage()
      await page.goto('/shelf')
      await expect(page.getByRole('heading', { level: 1, name: 'Oil shelf' })).toBeVisible()
      await waitForServiceWorker(page)
      // The worker's precache holds the scanner's chunk, the decoder's worker and its .wasm.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const urls: string[] = []
              for (const name of await caches.keys())
                for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
              return urls.filter((url) => /\/assets\/(scan-panel-|qr-decode\.worker-|zxing_reader-).+\.(js|wasm)$/.test(url)).length
            }),
          { timeout: 30_000 },
        )
        .toBe(3)

      // The network cut: the page, the scanner's chunk, the decoder and its .wasm can only come from the precache.
      await context.setOffline(true)
      await page.goto('/shelf?scan=1')
      await expect(page.getByRole('dialog', { name: 'Scan a code' })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/shelf/bottles/${id}$`))
    } finally {
      await browser.close()
    }
  })
})

/**
 * A stand-in for the browser's BarcodeDetector (Chromium on Linux has none): it knows `formats`,
 * and every frame it is asked about holds `text`. It counts its detections and keeps the formats it
 * was built for, to see the scanner really asked it.
 */
async function installDetector(context: BrowserContext, formats: string[], text: string) {
  await context.addInitScript(
    ({ formats, text }) => {
      const seen = { built: [] as string[][], detections: 0 }
      ;(window as unknown as { accordDetector: typeof seen }).accordDetector = seen
      class StandInDetector {
        constructor(options: { formats: string[] }) {
          seen.built.push(options.formats)
        }
        static getSupportedFormats() {
          return Promise.resolve(formats)
        }
        detect() {
          seen.detections++
          return Promise.resolve([{ rawValue: text, format: 'qr_code' }])
        }
      }
      ;(window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = StandInDetector
    },
    { formats, text },
  )
}

const detectorSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { accordDetector: { built: string[][]; detections: number } }).accordDetector)

/** Every request for the ZXing worker or its .wasm the context makes. */
function watchDecoder(context: BrowserContext): string[] {
  const requested: string[] = []
  context.on('request', (request) => {
    if (/qr-decode\.worker-|zxing_reader/.test(request.url())) requested.push(request.url())
  })
  return requested
}

test.describe("with the browser's own barcode detector", () => {
  test('where it knows QR codes, the scanner reads with it, never loads the ZXing worker, and opens the bottle', async () => {
    test.setTimeout(60_000)
    const { id, api } = await makerBeforeLaunch()
    // The camera shows a foreign code: had the ZXing worker read it, the bottle would never open.
    const browser = await browserWithCamera(codeVideo('https://example.org/not-a-bottle'))
    try {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block', storageState: await api.storageState() })
      await context.grantPermissions(['camera'], { origin: BASE })
      await installDetector(context, ['ean_13', 'qr_code'], bottleUrl(id))
      const requested = watchDecoder(context)
      const page = await context.newPage()
      await page.goto('/shelf?scan=1')
      await expect(page).toHaveURL(new RegExp(`/shelf/bottles/${id}$`))
      const seen = await detectorSeen(page)
      expect(seen.built).toEqual([['qr_code']])
      expect(seen.detections).toBeGreaterThan(0)
      expect(requested).toEqual([])
    } finally {
      await browser.close()
    }
  })

  test('where it does not know QR codes, the scanner reads with the ZXing worker instead', async () => {
    test.setTimeout(60_000)
    const { id, api } = await makerBeforeLaunch()
    const browser = await browserWithCamera(codeVideo(bottleUrl(id)))
    try {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block', storageState: await api.storageState() })
      await context.grantPermissions(['camera'], { origin: BASE })
      // Were the stand-in asked, it would answer a foreign code and the bottle would never open.
      await installDetector(context, ['ean_13', 'code_128'], 'https://example.org/not-a-bottle')
      const requested = watchDecoder(context)
      const page = await context.newPage()
      await page.goto('/shelf?scan=1')
      await expect(page).toHaveURL(new RegExp(`/shelf/bottles/${id}$`))
      const seen = await detectorSeen(page)
      expect(seen).toEqual({ built: [], detections: 0 })
      expect(requested.some((url) => /qr-decode\.worker-/.test(url))).toBe(true)
      expect(requested.some((url) => /zxing_reader.*\.wasm/.test(url))).toBe(true)
    } finally {
      await browser.close()
    }
  })
})

test.describe('picking the bottle a draw comes from (decision 090)', () => {
  test('in Mark as made, Scan reads the second bottle of Lavender, the From list shows it, and the batch draws from it', async () => {
    test.setTimeout(90_000)
    const { id: first, api } = await makerBeforeLaunch()
    const maker = { request: api } as unknown as Page
    const oil = await oilIds(maker)
    // Two bottles of Lavender, each holding the whole batch: the usual order takes the one bought first.
    const older = await api.patch(`/api/shelf/bottles/${first}`, { headers: await bearerOf(maker), data: { purchasedOn: '2025-01-10' } })
    expect(older.status(), await older.text()).toBe(200)
    const added = await api.post('/api/shelf/bottles', {
      headers: await bearerOf(maker),
      data: { oilId: oil('Lavender'), unit: 'mL', size: 10, lotCode: 'LV-3300', purchasedOn: '2026-06-01' },
    })
    expect(added.status(), await added.text()).toBe(201)
    const second = ((await added.json()) as { id: number }).id
    const blend = await createBlendInPage(maker)
    // The camera shows a foreign code; the stand-in detector reads the second bottle's.
    const browser = await browserWithCamera(codeVideo('https://example.org/not-a-bottle'))
    try {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'block', storageState: await api.storageState() })
      await context.grantPermissions(['camera'], { origin: BASE })
      await installDetector(context, ['qr_code'], bottleUrl(second))
      await watchCameras(context)
      const page = await context.newPage()
      await page.goto('/calculator')
      await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('evening')
      await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
      await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
      await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('1')

      const from = page.getByRole('combobox', { name: 'From: Lavender' })
      await expect(from).toHaveValue('')
      await expect(from.getByRole('option')).toHaveText([
        'Usual order (oldest first)',
        // The best-before comes from Lavender's shelf life (docs/product.md "Lots and expiry").
        new RegExp(`^Lot LV-2291, from Hedgerow Oils, best before \\d{4}-\\d{2}-\\d{2}, 10 mL left \\(Bottle no\\. ${first}\\)$`),
        `Lot LV-3300, best before 2028-06-01, 10 mL left (Bottle no. ${second})`,
      ])
      const scan = page.getByRole('button', { name: 'Scan a bottle of Lavender' })
      await scan.click()
      await expect(from).toHaveValue(String(second))
      await expect(page.getByRole('dialog', { name: 'Scan a bottle of Lavender' })).toBeHidden()
      // The scanner stopped the camera, stayed on the calculator, and gave the focus back to Scan.
      await expect.poll(() => liveTracks(page)).toBe(0)
      await expect(page).toHaveURL(/\/calculator/)
      await expect(scan).toBeFocused()

      await page.getByRole('button', { name: 'Mark as made' }).click()
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })).toBeVisible()
      const list = await api.get(`/api/blends/${blend.id}/batches`, { headers: await bearerOf(maker) })
      const [batch] = ((await list.json()) as { items: { id: number }[] }).items
      const read = await api.get(`/api/batches/${batch!.id}`, { headers: await bearerOf(maker) })
      expect(read.status(), await read.text()).toBe(200)
      const lavender = ((await read.json()) as { lots: { oilName: string; lot: { bottleId: number } | null }[] }).lots.filter(
        (l) => l.oilName === 'Lavender',
      )
      // Drawn from the scanned bottle first: it held enough, so the older bottle was not opened.
      expect(lavender.map((l) => l.lot?.bottleId)).toEqual([second])
      const shelf = await api.get(`/api/shelf/bottles?oilId=${oil('Lavender')}`, { headers: await bearerOf(maker) })
      const bottles = ((await shelf.json()) as { items: { id: number; remainingMl: number }[] }).items
      expect(bottles.find((b) => b.id === first)?.remainingMl).toBe(10)
      expect(bottles.find((b) => b.id === second)?.remainingMl).toBeLessThan(10)
    } finally {
      await browser.close()
    }
  })
})

test("on a phone with no camera, the menu's Scan a code says so and opens what the typed number names", async ({ page }) => {
  await signUpInPage(page)
  const id = await addBottle(page)
  await page.setViewportSize({ width: 412, height: 860 })
  await page.goto('/journal')
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Scan a code' }).click()
  const scanner = page.getByRole('dialog', { name: 'Scan a code' })
  await expect(scanner.getByText('No camera was found on this device. Type the number printed under the code instead.')).toBeVisible()
  // The number box has the focus: typed straight away.
  await expect(scanner.getByRole('textbox', { name: 'Number' })).toBeFocused()
  await page.keyboard.type('12x')
  await page.keyboard.press('Enter')
  await expect(scanner.getByText('Type the number printed under the code, such as Bottle no. 12: whole digits only.')).toBeVisible()
  // What was typed is kept.
  await expect(scanner.getByRole('textbox', { name: 'Number' })).toHaveValue('12x')
  await scanner.getByRole('textbox', { name: 'Number' }).fill(String(id))
  await scanner.getByRole('button', { name: 'Open' }).click()
  await expect(page).toHaveURL(new RegExp(`/shelf/bottles/${id}$`))
})

test('with the camera refused, the scanner says so and the number can be typed at once', async ({ page }) => {
  await signUpInPage(page)
  // The browser answers as it does once the maker said no to its camera prompt (Chromium's fake
  // prompt only ever says yes).
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
  })
  await page.goto('/shelf?scan=1')
  const scanner = page.getByRole('dialog', { name: 'Scan a code' })
  await expect(
    scanner.getByText(
      "Accord may not use the camera. Allow it in your browser's site settings to scan, or type the number printed under the code.",
    ),
  ).toBeVisible()
  await expect(scanner.getByRole('textbox', { name: 'Number' })).toBeFocused()
  await expect(scanner.getByLabel('Camera view')).toBeHidden()
})
