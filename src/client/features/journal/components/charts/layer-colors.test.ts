import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio, lightDarkToken, relativeLuminance } from '#tests/support/contrast.ts'
import { LAYER_COLORS } from '#client/features/journal/components/charts/composition-chart.tsx'

// The stylesheet as written (tests run from the repository's root).
const css = fs.readFileSync(path.resolve('src/client/styles.css'), 'utf8')
const token = (name: string) => lightDarkToken(css, name)
/** The token a `var(--name)` names. */
const tokenOf = (value: string) => /^var\((--[\w-]+)\)$/.exec(value)![1]!

describe('the composition bar’s layer colours (styles.css --color-layer-*)', () => {
  it('computes WCAG contrast as the standard does', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1)
    expect(relativeLuminance('#000')).toBe(0)
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#ffffff', '#767676')).toBe(contrastRatio('#767676', '#ffffff'))
  })

  it('draws the bar with the layer tokens', () => {
    expect(Object.values(LAYER_COLORS).map(tokenOf)).toEqual(['--color-layer-top', '--color-layer-middle', '--color-layer-base'])
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`tells neighbouring layers apart at 3:1 or more in the ${theme} theme`, () => {
      const [top, middle, base] = Object.values(LAYER_COLORS).map((value) => token(tokenOf(value))[theme])
      expect(contrastRatio(top!, middle!), `top ${top} / middle ${middle}`).toBeGreaterThanOrEqual(3)
      expect(contrastRatio(middle!, base!), `middle ${middle} / base ${base}`).toBeGreaterThanOrEqual(3)
    })

    it(`shows the deep layers against the card at 3:1 or more in the ${theme} theme`, () => {
      const card = token('--color-card')[theme]
      for (const name of ['--color-layer-top', '--color-layer-base']) {
        expect(contrastRatio(token(name)[theme], card), name).toBeGreaterThanOrEqual(3)
      }
    })
  }
})
