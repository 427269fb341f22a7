import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { judgeRun, missingTools, summarisePlaywright, summariseVitest } from './test-report.mjs'

describe('reading the Vitest report', () => {
  it('counts passed, failed and skipped tests', () => {
    const report = { numPassedTests: 7, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, testResults: [] }
    expect(summariseVitest(report)).toEqual({ passed: 7, failed: 1, skipped: 3, problems: [] })
  })

  it('names a file that failed without a failed test: an import error or a failing beforeAll', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 2,
      numTodoTests: 0,
      testResults: [
        { name: '/repo/a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
        { name: '/repo/b.test.ts', status: 'failed', message: 'Failed to load url ./missing.ts\nmore', assertionResults: [] },
        { name: '/repo/c.test.ts', status: 'failed', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] },
        { name: '/repo/d.test.ts', status: 'failed', assertionResults: [{ status: 'failed', fullName: 'journal saves a test' }] },
      ],
    }
    expect(summariseVitest(report).problems).toEqual([
      '/repo/b.test.ts failed outside its tests: Failed to load url ./missing.ts',
      '/repo/c.test.ts failed outside its tests',
      'failed: /repo/d.test.ts › journal saves a test',
    ])
  })

  it('treats a missing report as a problem', () => {
    expect(summariseVitest(null)).toEqual({ passed: 0, failed: 0, skipped: 0, problems: ['wrote no report'] })
  })
})

describe('reading the Playwright report', () => {
  it('counts flaky tests as failures and reports errors outside tests', () => {
    const report = { stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 }, errors: [{ message: 'globalSetup threw\nstack' }] }
    expect(summarisePlaywright(report)).toEqual({
      passed: 10,
      failed: 3,
      skipped: 3,
      problems: ['error outside a test: globalSetup threw'],
    })
  })

  it('names each failed and flaky test with its file, suites and project, so a cut log still says which', () => {
    const report = {
      stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'journal.spec.ts',
          specs: [
            { title: 'lists blends', tests: [{ status: 'expected', projectName: 'desktop' }] },
            { title: 'saves a test', tests: [{ status: 'unexpected', projectName: 'desktop' }] },
          ],
          suites: [
            {
              title: 'offline',
              specs: [
                { title: 'reads a blend', tests: [{ status: 'flaky', projectName: 'desktop' }] },
                { title: 'reads a list', tests: [{ status: 'expected', projectName: 'desktop' }] },
              ],
            },
          ],
        },
      ],
    }
    expect(summarisePlaywright(report).problems).toEqual([
      'failed: journal.spec.ts › saves a test [desktop]',
      'flaky: journal.spec.ts › offline › reads a blend [desktop]',
    ])
  })

  it('treats a missing report as a problem', () => {
    expect(summarisePlaywright(undefined).problems).toEqual(['wrote no report'])
  })
})

describe('judging a sub-run', () => {
  const summary = (passed: number, failed = 0, skipped = 0) => ({ passed, failed, skipped, problems: [] })

  it('fails a run that executed no test, even with exit code 0', () => {
    expect(judgeRun(0, summary(0, 0, 12), undefined)).toEqual(['ran no test'])
  })

  it('fails a run below the committed minimum; skipped tests do not count', () => {
    expect(judgeRun(0, summary(90, 0, 10), 95)).toEqual(['ran 90 tests, fewer than the committed minimum of 95 (tests/minimum-tests.json)'])
    expect(judgeRun(0, summary(95), 95)).toEqual([])
  })

  it('fails on a non-zero exit whatever the counts say', () => {
    expect(judgeRun(1, summary(100), 95)).toEqual(['exited with 1'])
  })
})

describe('finding the tools the tests need', () => {
  it('names only the commands that are missing', () => {
    expect(missingTools(['sh', 'no-such-tool-accord-test'])).toEqual(['no-such-tool-accord-test'])
  })
})

describe('the runner refuses a stray .only', () => {
  it('is refused by every Vitest project of vitest.config.ts, however Vitest is started', async () => {
    const { default: config } = await import('../vitest.config.ts')
    const projects = (config.test?.projects ?? []) as { test?: { name?: string; allowOnly?: boolean } }[]
    expect(projects.length).toBeGreaterThan(0)
    for (const project of projects) expect(project.test?.allowOnly, project.test?.name).toBe(false)
  })

  it('fails a Vitest run that contains it.only when the config says allowOnly: false', { timeout: 60_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-only-'))
    try {
      fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default { test: { allowOnly: false } }\n')
      fs.writeFileSync(
        path.join(dir, 'focus.test.mjs'),
        "import { it, expect } from 'vitest'\nit.only('is focused', () => expect(1).toBe(1))\nit('fails', () => expect(1).toBe(2))\n",
      )
      const vitest = path.resolve('node_modules/vitest/vitest.mjs')
      const result = spawnSync(process.execPath, [vitest, 'run', '--root', dir], { encoding: 'utf8', env: { ...process.env, CI: '' } })
      expect(result.status).not.toBe(0)
      expect(`${result.stdout}${result.stderr}`).toMatch(/\.only|only/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('is forbidden in the browser tests too', async () => {
    const { default: config } = await import('../playwright.config.ts')
    expect(config.forbidOnly).toBe(true)
    expect(fs.readFileSync('scripts/test.mjs', 'utf8')).toContain("'--forbid-only'")
  })
})
