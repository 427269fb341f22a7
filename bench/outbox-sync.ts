// The outbox's sync traced (issue 34): a few test entries written offline on the phone profile,
// then the connection back, and every long task of the page's main thread from the reconnection
// to 10 s after it, while the device worker sends the queue and the page refetches what changed.
// Run alone (not part of `npm run bench`): `npx tsx bench/outbox-sync.ts [writes] [runs]`.
import os from 'node:os'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../tests/support/chromium.mjs'
import { CATEGORIES, PHONE_PROFILE, benchmarkIndex, longTasksAfterMark } from '../tests/support/long-tasks.ts'
import { seedUserData, signUpBenchUser } from './api.ts'
import { cleanupAll, startAccord } from './servers.ts'
import { chromePath } from './web.ts'

const WRITES = Number(process.argv[2] ?? 3)
const RUNS = Number(process.argv[3] ?? 3)
const WINDOW_MS = 10_000
const BLENDS = 1000
const MARK = 'accord-bench-reconnect'

const app = await startAccord()
const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS })
try {
  const user = await signUpBenchUser(app.baseUrl)
  await seedUserData(app.baseUrl, user.token, BLENDS)
  const list = (await (
    await fetch(`${app.baseUrl}/api/blends?limit=1`, { headers: { authorization: `Bearer ${user.token}` } })
  ).json()) as {
    items: { id: number }[]
  }
  const blendId = list.items[0]!.id
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({
      baseURL: app.baseUrl,
      viewport: PHONE_PROFILE.viewport,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
      extraHTTPHeaders: { Cookie: user.cookie },
    })
    try {
      const index = await benchmarkIndex(context)
      const page = await context.newPage()
      await page.goto(`/journal?blend=${blendId}`)
      await page.getByRole('button', { name: 'Add Test Entry' }).waitFor({ timeout: 60_000 })
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
      await context.setOffline(true)
      for (let i = 0; i < WRITES; i++) {
        await page.getByRole('textbox', { name: 'Test notes', exact: true }).last().fill(`Written offline ${run}.${i}`)
        await page.getByRole('button', { name: 'Add Test Entry' }).click()
        await page
          .getByText(`${i + 1} change${i === 0 ? '' : 's'} waiting`)
          .first()
          .waitFor({ timeout: 30_000 })
      }
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown })
      await browser.startTracing(page, { categories: CATEGORIES })
      let trace: Buffer
      const load = os.loadavg()[0]!.toFixed(1)
      let syncedMs: number | null = null
      try {
        await page.evaluate((mark) => performance.mark(mark), MARK)
        const started = Date.now()
        await context.setOffline(false)
        await page.getByText('All changes saved').first().waitFor({ timeout: WINDOW_MS })
        syncedMs = Date.now() - started
        await page.waitForTimeout(Math.max(0, WINDOW_MS - (Date.now() - started)))
      } finally {
        trace = await browser.stopTracing()
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined)
      }
      const tasks = longTasksAfterMark(JSON.parse(trace.toString('utf8')), MARK, WINDOW_MS)
      const blocking = tasks.reduce((sum, t) => sum + t.durationMs - 50, 0)
      console.log(
        `run ${run}: ${WRITES} writes synced in ${syncedMs ?? '>10000'} ms; ${tasks.length} long tasks, ${blocking} ms blocking over ${WINDOW_MS / 1000} s (benchmark index ${index}, load ${load})`,
      )
      for (const t of tasks)
        console.log(
          `   @${t.startMs} ${t.durationMs} ms: ${(t.parts ?? [])
            .slice(0, 4)
            .map(([n, ms]) => `${n} ${ms}`)
            .join(', ')}`,
        )
    } finally {
      await context.close()
    }
  }
} finally {
  await browser.close()
  await app.stop()
  await cleanupAll()
}
