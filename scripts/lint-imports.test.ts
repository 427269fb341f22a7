import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { lintImports } from './lint-imports.mjs'

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-lint-'))
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ imports: { '#shared/*': './src/shared/*', '#server/*': './src/server/*' } }),
  )
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

describe('the import and naming lint', () => {
  it('finds an import cycle, type-only imports included, through aliases and relative paths', () => {
    const root = tree({
      'src/shared/api/blends.ts': "import { isTotalValid } from '#shared/domain/editor.ts'\nexport const a = isTotalValid\n",
      'src/shared/domain/editor.ts': "import type { A } from '../api/blends.ts'\nexport const isTotalValid = 1\n",
      'src/shared/domain/alone.ts': "import { z } from 'zod'\nexport const b = z\n",
    })
    expect(lintImports(root)).toEqual(['import cycle: src/shared/api/blends.ts → src/shared/domain/editor.ts'])
  })

  it('finds an import cycle between server features, naming the chain and the import of each step', () => {
    const root = tree({
      'src/server/blends/blend-lists.repo.ts':
        "import { firstEntriesOf } from '#server/journal/journal.repo.ts'\nexport const a = firstEntriesOf\n",
      'src/server/journal/journal.repo.ts':
        "import { cursor } from '#server/shared/cursor.ts'\nimport { kept } from '#server/journal/kept.ts'\nexport const firstEntriesOf = [cursor, kept]\n",
      'src/server/journal/kept.ts': "import { trackingOf } from '#server/blends/tracking.ts'\nexport const kept = trackingOf\n",
      'src/server/blends/tracking.ts': 'export const trackingOf = 1\n',
      'src/server/shared/cursor.ts': 'export const cursor = 1\n',
      // A test may import across features: it is no part of the features' graph.
      'src/server/shared/cursor.test.ts': "import { a } from '#server/blends/blend-lists.repo.ts'\nexport const t = a\n",
    })
    expect(lintImports(root)).toEqual([
      'feature cycle: src/server/blends → src/server/journal → src/server/blends (src/server/blends/blend-lists.repo.ts imports src/server/journal/journal.repo.ts; src/server/journal/kept.ts imports src/server/blends/tracking.ts)',
    ])
  })

  it('finds file and folder names that are not kebab-case', () => {
    const root = tree({ 'src/client/features/Home/homePage.tsx': 'export {}\n', 'src/client/lib/api-client.ts': 'export {}\n' })
    expect(lintImports(root)).toEqual(['src/client/features/Home/homePage.tsx: file and folder names are kebab-case'])
  })

  it('passes on this repository', () => {
    expect(lintImports(process.cwd())).toEqual([])
  })
})

describe('the layer boundaries ESLint enforces', () => {
  const eslint = new ESLint()
  const problems = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages.map((m) => m.message))

  it('keeps features from importing each other or app/', async () => {
    const code =
      "import { a } from '#client/features/journal/hooks/use-autosave.ts'\nimport { b } from '#client/app/router.tsx'\nexport const c = [a, b]\n"
    const messages = await problems('src/client/features/home/probe.ts', code)
    expect(messages).toHaveLength(2)
    expect(messages[0]).toContain('Features do not import each other')
    expect(messages[1]).toContain('Features never import app/')
  })

  it('keeps the client from importing the server, and shared from either', async () => {
    expect(await problems('src/client/lib/probe.ts', "import { a } from '#server/env.ts'\nexport const b = a\n")).toEqual([
      expect.stringContaining('The client never imports server code'),
    ])
    expect(await problems('src/shared/domain/probe.ts', "import { a } from '#client/lib/cn.ts'\nexport const b = a\n")).toEqual([
      expect.stringContaining('src/shared imports nothing of ours outside shared'),
    ])
  })
})
