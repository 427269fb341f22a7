import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * A built client in miniature, in the layout `npm run build` writes (dist/client with index.html
 * and a hashed asset, dist/pages with the prerendered pages), for an in-process app that must have
 * the parts production registers: with `clientDir` set, buildApp serves the client as main.ts does
 * (the `/` route, the static files, the page table's not-found handler), so the routes a test sees
 * are production's (issue #33). The real build is tested over HTTP (tests/e2e/built-server*.spec.ts).
 */
export function miniatureClientBuild(): { clientDir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-client-'))
  const clientDir = path.join(dir, 'client')
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'pages'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="en"><div id="root"></div></html>')
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), 'console.log("app")\n')
  for (const page of ['landing', 'book'])
    fs.writeFileSync(
      path.join(dir, `pages/${page}.html`),
      `<!doctype html><html lang="en"><div id="root" data-prerendered="${page}"></div></html>`,
    )
  return { clientDir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
