// npm run screenshots: rebuilds the landing page's app screenshots and the social card from the
// app itself (decision 013). Builds when dist/ is missing (or with --build), starts the built
// server on a temporary database, captures, stops it. Commit the images it writes.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium.mjs'
import { startBuiltServer, stopServer } from '../../tests/support/server-process.ts'
import { SCREENSHOT_DIR, SOCIAL_CARD, captureScreens } from './capture.ts'

const root = path.resolve(import.meta.dirname, '../..')
process.chdir(root)
if (process.argv.includes('--build') || !fs.existsSync('dist/server/main.js')) execSync('npm run build', { stdio: 'inherit' })

const executablePath = findChromium()
if (!executablePath) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-screenshots-'))
const server = await startBuiltServer(dataDir)
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
try {
  const results = await captureScreens(browser, server.url, SCREENSHOT_DIR, SOCIAL_CARD.file)
  for (const { file, bytes } of results) console.log(`${file}  ${(bytes / 1024).toFixed(1)} kB`)
} finally {
  await browser.close()
  await stopServer(server)
  fs.rmSync(dataDir, { recursive: true, force: true })
}
