import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layers of docs/architecture.md, as eslint.config.js enforces them: each case is a file that
 * breaks one rule, linted as if it stood at that path, and the rule that must refuse it.
 */
const eslint = new ESLint()

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`)
}

describe('the layer rules', () => {
  it.each([
    [
      'a feature importing another by a relative path',
      'src/client/features/journal/lib/probe.ts',
      "import { a } from '../../account/api/reminders.ts'\nexport const b = a\n",
      /relative path/,
    ],
    [
      'a feature importing another by its alias',
      'src/client/features/journal/lib/probe.ts',
      "import { a } from '#client/features/account/api/reminders.ts'\nexport const b = a\n",
      /Features do not import each other/,
    ],
    [
      'lib/ importing a feature',
      'src/client/lib/probe.ts',
      "import { a } from '#client/features/journal/lib/format.ts'\nexport const b = a\n",
      /never import one/,
    ],
    [
      'components/ importing app/',
      'src/client/components/probe.ts',
      "import { a } from '#client/app/router.tsx'\nexport const b = a\n",
      /never import app/,
    ],
    [
      'shared importing the server',
      'src/shared/domain/probe.ts',
      "import { a } from '#server/env.ts'\nexport const b = a\n",
      /imports nothing of ours outside shared/,
    ],
    [
      'server code importing by a relative path',
      'src/server/http/probe.ts',
      "import { a } from './errors.ts'\nexport const b = a\n",
      /relative path/,
    ],
    [
      'a repository opening a transaction',
      'src/server/blends/probe.repo.ts',
      'export const b = (db: { transaction: () => unknown }) => db.transaction()\n',
      /never opens a transaction/,
    ],
    [
      'client code calling fetch itself',
      'src/client/features/redeem/api/probe.ts',
      "export const b = () => fetch('/api/redeem')\n",
      /lib\/http\.ts/,
    ],
    ['client code opening an XMLHttpRequest', 'src/client/lib/probe.ts', 'export const b = () => new XMLHttpRequest()\n', /lib\/http\.ts/],
    [
      'a raw <select> outside components/ui',
      'src/client/features/journal/components/probe.tsx',
      'export const b = <select aria-label="Sort" />\n',
      /Use Select from/,
    ],
    [
      "a server feature importing another feature's routes",
      'src/server/blends/probe.ts',
      "import { a } from '#server/journal/journal.routes.ts'\nexport const b = a\n",
      /A feature never imports another's routes/,
    ],
    [
      "a server feature importing another feature's repository",
      'src/server/shares/probe.ts',
      "import { a } from '#server/shelf/shelf.repo.ts'\nexport const b = a\n",
      /A feature never imports another's repository/,
    ],
    [
      "a blends repository importing the journal's repository (the blend lists' first entries went through it until issue 33)",
      'src/server/blends/blend-lists.repo.ts',
      "import { firstEntriesOf } from '#server/journal/journal.repo.ts'\nexport const b = firstEntriesOf\n",
      /A feature never imports another's repository/,
    ],
    [
      "auth importing the connected apps' repository (sign-out ended grants through it until issue 33)",
      'src/server/auth/auth.ts',
      "import { revokeGrant } from '#server/connected-apps/connected-apps.repo.ts'\nexport const b = revokeGrant\n",
      /A feature never imports another's repository/,
    ],
    [
      "the assistant's tools importing a feature's routes",
      'src/server/mcp/probe.ts',
      "import { a } from '#server/shares/shares.routes.ts'\nexport const b = a\n",
      /A feature never imports another's routes/,
    ],
    [
      'db/ importing a feature',
      'src/server/db/probe.ts',
      "import { a } from '#server/blends/blend-rows.ts'\nexport const b = a\n",
      /db\/ is below every feature/,
    ],
    [
      "the server's shared/ importing db/",
      'src/server/shared/probe.ts',
      "import { a } from '#server/db/executor.ts'\nexport const b = a\n",
      /src\/server\/shared imports nothing of the server but shared/,
    ],
    [
      'a repository importing http/',
      'src/server/reminders/probe.repo.ts',
      "import { a } from '#server/http/errors.ts'\nexport const b = a\n",
      /A command or repository never imports http/,
    ],
    [
      'a command importing http/',
      'src/server/shares/probe.commands.ts',
      "import { a } from '#server/http/errors.ts'\nexport const b = a\n",
      /A command or repository never imports http/,
    ],
  ])('refuses %s', async (_case, filePath, code, rule) => {
    expect((await problems(filePath, code)).join('\n')).toMatch(rule)
  })

  it('lets the transport call fetch, and a callback named fetch stand elsewhere', async () => {
    expect(await problems('src/client/lib/http.ts', "export const b = () => fetch('/api/health')\n")).toEqual([])
    expect(await problems('src/client/app/probe.ts', 'export const b = (fetch: () => Promise<unknown>) => fetch()\n')).toEqual([])
  })

  it('lets components/ui build the one select on the raw element', async () => {
    expect(await problems('src/client/components/ui/probe.tsx', 'export const b = <select aria-label="Sort" />\n')).toEqual([])
  })

  it('lets a feature use lib/, components/ and shared by their aliases', async () => {
    const code =
      "import { cn } from '#client/lib/cn.ts'\nimport { Button } from '#client/components/ui/button.tsx'\nimport { escapeHtml } from '#shared/text/html.ts'\nexport const b = [cn, Button, escapeHtml]\n"
    expect(await problems('src/client/features/journal/lib/probe.ts', code)).toEqual([])
  })

  it("lets a server feature use another's commands and pure modules, the tools read repositories, and routes use http/", async () => {
    const feature =
      "import { a } from '#server/shares/shares.commands.ts'\nimport { c } from '#server/blends/blend-rows.ts'\nimport { d } from '#server/db/executor.ts'\nexport const b = [a, c, d]\n"
    expect(await problems('src/server/your-data/probe.ts', feature)).toEqual([])
    expect(await problems('src/server/mcp/probe.ts', "import { a } from '#server/shelf/shelf.repo.ts'\nexport const b = a\n")).toEqual([])
    expect(await problems('src/server/shares/probe.routes.ts', "import { a } from '#server/http/errors.ts'\nexport const b = a\n")).toEqual(
      [],
    )
    expect(await problems('src/server/shared/probe.ts', "import { a } from '#server/shared/outcome.ts'\nexport const b = a\n")).toEqual([])
    const lentReads =
      "import { a } from '#server/journal/first-entries.ts'\nimport { c } from '#server/shelf/batch-pages.ts'\nimport { d } from '#server/connected-apps/connected-apps.commands.ts'\nexport const b = [a, c, d]\n"
    expect(await problems('src/server/blends/probe.ts', lentReads)).toEqual([])
  })
})
