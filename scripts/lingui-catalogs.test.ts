import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileCatalog, linguiCatalogs } from './lingui-catalogs.ts'

describe('the catalogs compiled at build time (decision 093)', () => {
  it('compiles every message to data, ICU plurals included, so no parser ships', () => {
    const compiled = compileCatalog({ a: 'Sign out', b: '{count, plural, one {# version} other {# versions}}' })
    expect(compiled.a).toEqual(['Sign out'])
    expect(Array.isArray(compiled.b)).toBe(true)
    expect(JSON.stringify(compiled.b)).toContain('plural')
  })

  it('answers an import of a catalog with “?lingui” with its compiled module, and leaves every other file alone', () => {
    const plugin = linguiCatalogs()
    const load = plugin.load as (this: { addWatchFile: (file: string) => void }, id: string) => { code: string } | null
    const watched: string[] = []
    const context = { addWatchFile: (file: string) => watched.push(file) }
    const file = path.join(import.meta.dirname, '../src/client/locales/de/messages.json')
    const result = load.call(context, `${file}?lingui`)
    const source = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
    expect(result?.code.startsWith('export default ')).toBe(true)
    const compiled = JSON.parse(result!.code.slice('export default '.length)) as Record<string, unknown>
    expect(Object.keys(compiled)).toEqual(Object.keys(source))
    expect(compiled['menu.signOut']).toEqual([source['menu.signOut']])
    expect(watched).toEqual([file])
    expect(load.call(context, file)).toBeNull()
    // A section of the catalogs (decision 097) compiles the same way.
    const section = path.join(import.meta.dirname, '../src/client/locales/de/landing.json')
    const landing = JSON.parse(load.call(context, `${section}?lingui`)!.code.slice('export default '.length)) as Record<string, unknown>
    expect(landing['landing.hero.start']).toEqual(['Kostenlose Beta starten'])
    expect(load.call(context, path.join(import.meta.dirname, '../package.json?lingui'))).toBeNull()
  })
})
