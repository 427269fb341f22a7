import { availableParallelism } from 'node:os'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium.mjs'

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined }
/** The browser tests that measure time (issue 34): they run alone, last (the project 'timing' below, scripts/test.mjs). */
const TIMING = /(page-work|journal-timing)\.spec\.ts$/

/** Browser journeys against the built app, started on a free port with a temporary database (tests/support/e2e-server.ts). */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Half the cores, and at least two, whether or not CI is set: Playwright's own default (half the
  // cores) is one worker on a 2-core machine, idle while its journey waits on the server. Two ran
  // the 329 journeys here in 17.5 min (docs/quality.md "The suite's time").
  workers: Math.max(2, Math.ceil(availableParallelism() / 2)),
  retries: 0,
  // Two workers share two cores with the server: a long journey (several password hashes, axe
  // scans, reloads) takes 15-30 s on such a machine, so each test gets a minute by default. One
  // step there (a save, a page and its chunk, a sign-in's hash) took over 7 s now and then, so an
  // assertion waits up to 15 s; one that holds returns as soon as it does.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './tests/support/e2e-server.ts',
  outputDir: '.tmp/test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The service worker (decision 029) would answer some requests itself and hide them from
    // page.route(); journeys test the app, and tests/e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', testIgnore: TIMING, use: DESKTOP },
    // Page work read from a trace at 4x CPU (page-work.spec.ts, decision 066; journal-timing.spec.ts,
    // decision 065): scripts/test.mjs runs it after every other journey, alone and one test at a time
    // (--project timing --workers 1), so no other browser shares the cores it measures.
    { name: 'timing', testMatch: TIMING, use: DESKTOP },
  ],
})
