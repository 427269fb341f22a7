import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { TRANSLATED_FILES } from './eslint-rules/translated-files.mjs'

/**
 * accord/no-untranslated-text (scripts/eslint-rules/no-untranslated-text.mjs, decision 096): in a
 * translated component a word written in the code fails lint, and so `npm test`: every file of
 * TRANSLATED_FILES is linted here.
 */
const eslint = new ESLint()
const RULE = 'accord/no-untranslated-text'

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message)
}

const PROBE = TRANSLATED_FILES[0]!

describe('words outside the catalogs', () => {
  it.each([
    ['text between tags', `export const A = () => <p>Save changes</p>`, /"Save changes"/],
    ['a label read aloud', `export const A = () => <button aria-label="Close menu" />`, /"Close menu"/],
    ['a title in braces', `export const A = () => <img alt={'Lavender bottle'} src="a.png" />`, /"Lavender bottle"/],
    ['a string among the children', `export const A = () => <p>{'Saved'}</p>`, /"Saved"/],
    ['a template among the children', 'export const A = ({ n }: { n: number }) => <p>{`${n} blends`}</p>', /"blends"/],
    ['a placeholder', `export const A = () => <input placeholder="Search oils" />`, /"Search oils"/],
  ])('fails on %s in a translated component', async (_what, code, message) => {
    const found = await problems(PROBE, code)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(message)
  })

  it('lets through the catalogs, names, symbols and attributes nobody reads', async () => {
    const code = [
      "import { useMessages } from '#client/lib/i18n.ts'",
      'export const A = () => {',
      '  const t = useMessages()',
      '  return <p className="text-sm" data-state="open" aria-label={t(\'menu.user\')}>{t(\'menu.signOut\')} · 100 % <b>Accord</b> (Essential Oil Blending Guide) →</p>',
      '}',
    ].join('\n')
    expect(await problems(PROBE, code)).toEqual([])
  })

  it('leaves a component that is not translated yet alone', async () => {
    expect(await problems('src/client/features/journal/components/probe.tsx', 'export const A = () => <p>Save changes</p>')).toEqual([])
  })

  it.each(TRANSLATED_FILES)('finds no word outside the catalogs in %s', async (file) => {
    const [result] = await eslint.lintFiles([file])
    expect((result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => `${m.line}: ${m.message}`)).toEqual([])
    expect(result?.filePath).toContain(file)
  })
})
