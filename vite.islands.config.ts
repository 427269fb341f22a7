import react from '@vitejs/plugin-react'
import path from 'node:path'
import { defineConfig } from 'vite'
import { clientDefine } from './vite.config.ts'

/**
 * The prerendered public pages' islands script (src/client/islands.ts, decision 066), built on its
 * own after the app (`npm run build`), as the boot script is: a second entry in the app's build
 * split the modules the app's entry shares with the islands' account parts into chunks of their
 * own, and every signed-in page carried the difference. Its files go beside the app's in
 * dist/client/assets, with a manifest of their own (.vite/islands-manifest.json) that
 * scripts/prerender.mjs and the bundle budgets read. It holds none of the app: once someone signs
 * in, the islands import the app's entry, which the page names (src/client/app/public-islands.tsx).
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
