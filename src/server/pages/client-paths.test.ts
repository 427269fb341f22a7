import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLIENT_PAGE_PATHS, isClientPagePath } from '#shared/config/client-paths.ts'

/** The `path` of each <Route> in a router file, as the app's address (signed-in routes are relative to /). */
const routePaths = (file: string, base: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/<Route (index|path="([^"]*)")/g)].map((m) =>
    m[1] === 'index' ? base : m[2]!.startsWith('/') ? m[2]! : `${base}${m[2]}`,
  )

describe('the client page paths the server answers with the app', () => {
  it('are exactly the paths the client routers render, besides their catch-alls', () => {
    const rendered = [...routePaths('src/client/app/router.tsx', '/'), ...routePaths('src/client/app/signed-in-routes.tsx', '/')].filter(
      (p) => !p.endsWith('*'),
    )
    expect([...new Set(rendered)].sort()).toEqual([...new Set(CLIENT_PAGE_PATHS)].sort())
  })

  it('match in any case and with a final slash, as React Router does, and nothing else', () => {
    for (const path of ['/', '/journal', '/Journal', '/journal/', '/oauth/consent', '/book', '/shelf/bottles/12', '/batches/7/'])
      expect(isClientPagePath(path), path).toBe(true)
    for (const path of [
      '/.well-known/openid-configuration',
      '/journal/x',
      '/wp-login.php',
      '/api',
      '/s',
      '/journal//x',
      '/batches/0',
      '/batches/x',
      '/shelf/bottles/1e3',
      '/shelf/bottles/:id',
    ])
      expect(isClientPagePath(path), path).toBe(false)
  })
})
