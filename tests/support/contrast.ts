/**
 * WCAG 2 contrast from colours as written in our styles: relative luminance of an sRGB colour and
 * the ratio of two (1 to 21). Text needs 4.5:1 (AA); the parts of a graphic that must be told apart
 * need 3:1 (non-text contrast, SC 1.4.11).
 */

/** The red, green and blue (0-255) of "#rgb" or "#rrggbb". */
export function parseHex(hex: string): [number, number, number] {
  const digits = hex.trim().replace(/^#/, '')
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`)
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** A token's light and dark values, from its `--name: light-dark(#light, #dark);` line in a stylesheet. */
export function lightDarkToken(css: string, name: string): { light: string; dark: string } {
  const match = new RegExp(`${name}:\\s*light-dark\\(\\s*(#[0-9a-f]{3,6})\\s*,\\s*(#[0-9a-f]{3,6})\\s*\\)`, 'i').exec(css)
  if (!match) throw new Error(`No light-dark() hex pair for ${name}`)
  return { light: match[1]!, dark: match[2]! }
}
