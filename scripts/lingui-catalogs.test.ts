import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileCatalog, linguiCatalogs, PSEUDO_CATALOG_MODULE, pseudoCatalog } from './lingui-catalogs.ts'
import { pseudo } from '../src/client/locales/catalogs.ts'

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

  it('makes the pseudo-locale’s one catalog from every English catalog by pseudo, for the layout tests (decision 101)', () => {
    const plugin = linguiCatalogs()
    const resolveId = plugin.resolveId as (id: string) => string | null
    const load = plugin.load as (this: { addWatchFile: (file: string) => void }, id: string) => { code: string } | null
    const resolved = resolveId(PSEUDO_CATALOG_MODULE)
    expect(resolved).toBe(`\0${PSEUDO_CATALOG_MODULE}`)
    expect(resolveId('virtual:something-else')).toBeNull()
    const watched: string[] = []
    const result = load.call({ addWatchFile: (file: string) => watched.push(file) }, resolved!)
    const compiled = JSON.parse(result!.code.slice('export default '.length)) as Record<string, unknown>
    const englishDir = path.join(import.meta.dirname, '../src/client/locales/en')
    const files = fs.readdirSync(englishDir).filter((file) => file.endsWith('.json'))
    // Every English file is watched, and every id of each (the app's and every section's) is in it.
    expect(watched.map((file) => path.basename(file)).sort()).toEqual(files.sort())
    const english = Object.assign({}, ...files.map((file) => JSON.parse(fs.readFileSync(path.join(englishDir, file), 'utf8')))) as Record<
      string,
      string
    >
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(english).sort())
    expect(compiled['menu.signOut']).toEqual([pseudo(english['menu.signOut']!)])
    expect(compiled['landing.hero.start']).toEqual(['[Štárt Fréé Bétá ~~~~~~]'])
    expect(pseudoCatalog(englishDir).messages['landing.hero.start']).toBe('[Štárt Fréé Bétá ~~~~~~]')
  })
})
