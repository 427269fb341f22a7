import react from '@vitejs/plugin-react'
import { build } from 'esbuild'
import crypto from 'node:crypto'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { linguiCatalogs } from './scripts/lingui-catalogs.ts'
import { accordPwa } from './scripts/pwa.ts'
import { clientDefine } from './vite.config.ts'

/** Where the boot script's file name is written, for scripts/prerender.mjs. */
const BOOT_SCRIPT_RECORD = '.vite/boot-script.json'

/**
 * The boot script of the painted pages (src/client/boot.ts): TypeScript, bundled and minified on
 * its own with esbuild (it shares no chunk with the islands or the app), named by its content, and
 * written with this build's files so that the service worker generated at its end precaches it.
 */
function bootScript(): Plugin {
  return {
    name: 'accord:boot-script',
    apply: 'build',
    async generateBundle() {
      const boot = await build({
        entryPoints: [path.join(import.meta.dirname, 'src/client/boot.ts')],
        bundle: true,
        format: 'esm',
        minify: true,
        target: 'es2022',
        write: false,
        logLevel: 'warning',
      })
      const source = boot.outputFiles[0]!.text
      const fileName = `assets/boot-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`
      this.emitFile({ type: 'asset', fileName, source })
      this.emitFile({ type: 'asset', fileName: BOOT_SCRIPT_RECORD, source: JSON.stringify({ file: fileName }) })
    },
  }
}

/**
 * The prerendered public pages' islands script (src/client/islands.ts, decision 066), built on its
 * own after the app (`npm run build`), as the boot script is: a second entry in the app's build
 * split the modules the app's entry shares with the islands' account parts into chunks of their
 * own, and every signed-in page carried the difference. Its files go beside the app's in
 * dist/client/assets, with a manifest of their own (.vite/islands-manifest.json) that
 * scripts/prerender.mjs and the bundle budgets read. It holds none of the app: once someone signs
 * in, the islands import the app's entry, which the page names (src/client/app/public-islands.tsx).
 *
 * It is the client's last build, so it also writes the boot script and generates the service
 * worker again (the app's build generated one before the islands' files existed): the precache
 * then holds the islands script, its chunks and the boot script, and a public page keeps working
 * offline as the app's pages do (decision 066).
 */
export default defineConfig(({ mode }) => ({
  plugins: [linguiCatalogs(), react(), bootScript(), accordPwa(import.meta.dirname)],
  define: clientDefine(mode),
  build: {
    outDir: 'dist/client',
    // The app's build is there already.
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/islands-manifest.json',
    rolldownOptions: {
      input: { islands: path.join(import.meta.dirname, 'src/client/islands.ts') },
    },
  },
}))
