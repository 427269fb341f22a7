import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCREENSHOT_HEIGHT, SCREENSHOT_WIDTH } from '#client/features/landing/components/screenshots-section.tsx'
import { SCREENS, SCREENSHOT_DIR, SCREENSHOT_SIZE, SOCIAL_CARD } from './capture.ts'
import { imageSize } from './image-size.ts'

const root = path.resolve(import.meta.dirname, '../..')
/** Each screenshot is below the fold on a phone: small enough not to matter on a slow connection. */
const SCREENSHOT_BUDGET_BYTES = 60 * 1024
const SOCIAL_CARD_BUDGET_BYTES = 150 * 1024

describe('the landing page screenshots in the repository (npm run screenshots)', () => {
  it('are the size the landing page declares for them', () => {
    expect({ width: SCREENSHOT_WIDTH, height: SCREENSHOT_HEIGHT }).toEqual(SCREENSHOT_SIZE)
  })

  it.each(SCREENS)('%s.webp is a WebP of that size, within budget', (screen) => {
    const data = fs.readFileSync(path.join(root, SCREENSHOT_DIR, `${screen}.webp`))
    expect(imageSize(data)).toEqual({ format: 'webp', ...SCREENSHOT_SIZE })
    expect(data.length).toBeLessThanOrEqual(SCREENSHOT_BUDGET_BYTES)
  })

  it('the social card is a 1200×630 JPEG within budget', () => {
    const data = fs.readFileSync(path.join(root, SOCIAL_CARD.file))
    expect(imageSize(data)).toEqual({ format: 'jpeg', width: SOCIAL_CARD.width, height: SOCIAL_CARD.height })
    expect(data.length).toBeLessThanOrEqual(SOCIAL_CARD_BUDGET_BYTES)
  })

  it('reads the sizes of the other WebP kinds and refuses other files', () => {
    // A lossless (VP8L) 3×2 header and an extended (VP8X) 1000×600 header.
    const vp8l = Buffer.alloc(30)
    vp8l.write('RIFF', 0, 'ascii')
    vp8l.write('WEBP', 8, 'ascii')
    vp8l.write('VP8L', 12, 'ascii')
    vp8l.writeUInt32LE((3 - 1) | ((2 - 1) << 14), 21)
    expect(imageSize(vp8l)).toEqual({ format: 'webp', width: 3, height: 2 })
    const vp8x = Buffer.alloc(30)
    vp8x.write('RIFF', 0, 'ascii')
    vp8x.write('WEBP', 8, 'ascii')
    vp8x.write('VP8X', 12, 'ascii')
    vp8x.writeUIntLE(999, 24, 3)
    vp8x.writeUIntLE(599, 27, 3)
    expect(imageSize(vp8x)).toEqual({ format: 'webp', width: 1000, height: 600 })
    expect(() => imageSize(Buffer.from('<svg/>'))).toThrow('Neither WebP nor JPEG')
  })
})
