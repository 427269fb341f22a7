// Finds the Chromium the browser tests drive. Playwright cannot download browsers here,
// so we use the system's (Debian: apt-get install chromium).
import fs from 'node:fs'

export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
]

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : null
  return CHROMIUM_CANDIDATES.find((p) => fs.existsSync(p)) ?? null
}

/** Flags for a closed network: no background calls home, no sandbox when running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
