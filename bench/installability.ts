// The bench's installability check (decision 029). Lighthouse 12 dropped the PWA category and its
// installable-manifest audit, so this asks Chromium itself over the DevTools protocol
// (Page.getInstallabilityErrors, the check behind Chrome's install prompt), in a profile on disk:
// Chromium never offers to install from an incognito-like context.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../tests/support/chromium.mjs'
import { onCleanup } from './servers.ts'
import { chromePath } from './web.ts'

export type Installability = {
  page: string
  /** No installability error: Chromium would offer to install. */
  installable: boolean
  /** Chromium's error ids (e.g. no-manifest, manifest-missing-suitable-icon), with their arguments. */
  errors: string[]
  manifestUrl: string | null
  /** The service worker controls the page (it registers from the signed-in shell). */
  serviceWorkerControls: boolean
  /** Files the service worker precached (the app shell, every route's chunk, the catalog). */
  precachedFiles: number | null
}

/** Opens `pagePath` signed in (the shell registers the worker), waits for the worker, asks Chromium. */
export async function checkInstallability(baseUrl: string, cookie: string, pagePath = '/'): Promise<Installability> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath(),
    args: CHROMIUM_ARGS,
    extraHTTPHeaders: { Cookie: cookie },
    serviceWorkers: 'allow',
  })
  const unregister = onCleanup(async () => {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: 30_000 })
    const serviceWorkerControls = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      .then(() => true)
      .catch(() => false)
    const precachedFiles = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.includes('precache'))
      let count = 0
      for (const name of names) count += (await (await caches.open(name)).keys()).length
      return names.length > 0 ? count : null
    })
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[]
    }
    const { url } = (await cdp.send('Page.getAppManifest')) as { url: string }
    const errors = installabilityErrors.map((e) =>
      e.errorArguments.length > 0 ? `${e.errorId} (${e.errorArguments.map((a) => `${a.name}: ${a.value}`).join(', ')})` : e.errorId,
    )
    return { page: pagePath, installable: errors.length === 0, errors, manifestUrl: url || null, serviceWorkerControls, precachedFiles }
  } finally {
    unregister()
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
}
