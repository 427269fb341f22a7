import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The install icons, drawn at build time from the logo's SVG (decision 029): no PNG is kept in git.
 * Chromium installs from an SVG icon alone, but Android's home screen, iOS and desktop shortcuts
 * want bitmaps, and a maskable one keeps the leaf inside the safe zone.
 */
export const APP_ICONS = [
  { source: 'public/favicon.svg', fileName: 'icons/icon-192.png', size: 192 },
  { source: 'public/favicon.svg', fileName: 'icons/icon-512.png', size: 512 },
  { source: 'src/client/icons/maskable.svg', fileName: 'icons/maskable-512.png', size: 512 },
  { source: 'src/client/icons/maskable.svg', fileName: 'icons/apple-touch-icon.png', size: 180 },
] as const

/** Emits APP_ICONS into the client build (so the service worker precaches them with the rest). */
export function appIcons(root: string): Plugin {
  return {
    name: 'accord-app-icons',
    apply: 'build',
    async generateBundle() {
      if (this.environment.config.build.ssr) return
      const { Resvg } = await import('@resvg/resvg-js')
      for (const icon of APP_ICONS) {
        const svg = fs.readFileSync(path.join(root, icon.source), 'utf8')
        const png = new Resvg(svg, { fitTo: { mode: 'width', value: icon.size } }).render().asPng()
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: png })
      }
    },
  }
}
