// Bundles the server into dist/server/main.js; npm packages stay external (installed at run time).
import { build } from 'esbuild'

await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The Node the project runs on (package.json engines, .nvmrc): syntax it has is left as written.
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
console.log('server built: dist/server/main.js')
