import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { SCREENS, SCREENSHOT_SIZE, SOCIAL_CARD, captureScreens } from '../../scripts/screenshots/capture.ts'
import { imageSize } from '../../scripts/screenshots/image-size.ts'
import { expect, test } from '../support/e2e-fixtures.ts'

// `npm run screenshots` against the built app under test: the landing page's images can always be
// made again from the app itself, and a screen change that breaks the capture fails here.
test('npm run screenshots captures every screen and the social card from the app', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-screens-'))
  try {
    const results = await captureScreens(browser, baseURL!, dir, path.join(dir, 'social-card.jpg'))
    expect(results.map((r) => path.basename(r.file))).toEqual([...SCREENS.map((s) => `${s}.webp`), 'social-card.jpg'])
    for (const screen of SCREENS) {
      expect(imageSize(fs.readFileSync(path.join(dir, `${screen}.webp`))), screen).toEqual({ format: 'webp', ...SCREENSHOT_SIZE })
    }
    expect(imageSize(fs.readFileSync(path.join(dir, 'social-card.jpg')))).toEqual({
      format: 'jpeg',
      width: SOCIAL_CARD.width,
      height: SOCIAL_CARD.height,
    })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
