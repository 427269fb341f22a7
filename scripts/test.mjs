// npm test: unit and API tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is set), then a
// production build and the browser tests in Chromium. Nothing skips silently, a stray `.only`
// fails the run, and so do a failing file or hook, a sub-run that ran no test, and a test count
// below the committed minimum (tests/minimum-tests.json).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { findChromium, CHROMIUM_CANDIDATES } from '../tests/support/chromium.mjs'
import { judgeRun, missingTools, readMinimums, summariseVitest, summarisePlaywright } from './test-report.mjs'

const args = new Set(process.argv.slice(2))
const runUnit = !args.has('--e2e-only')
const runE2e = !args.has('--unit-only')
fs.mkdirSync('.tmp', { recursive: true })

const run = (cmd, cmdArgs, env = {}) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const stop = (lines) => {
  console.error(lines.join('\n'))
  process.exit(1)
}

if (runE2e && !findChromium()) {
  stop([
    'The browser tests need Chromium, and none was found.',
    `Looked at: ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : CHROMIUM_CANDIDATES.join(', ')}.`,
    'Install it (Debian/Ubuntu: sudo apt-get install -y chromium poppler-utils) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  ])
}
const missing = missingTools(['pdftotext'])
if (missing.length > 0) {
  stop([
    `The tests read the PDFs the app exports with ${missing.join(', ')}, which is not installed.`,
    'Install it (Debian/Ubuntu: sudo apt-get install -y poppler-utils).',
  ])
}
if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  // The concurrency tests only race for real on PostgreSQL: CI must run them there.
  stop([
    'CI is set but TEST_DATABASE_URL is not: CI runs the API tests on PostgreSQL too (for example postgres://postgres@127.0.0.1:5432/test).',
  ])
}

const engines = process.env.TEST_DATABASE_URL ? 'both' : 'sqlite'
const minimums = readMinimums('tests/minimum-tests.json')
const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []

/** Adds a sub-run's counts; any exit code, failed file, or empty run is a failure of its own. */
function record(label, code, summary, minimum) {
  totals.passed += summary.passed
  totals.failed += summary.failed
  totals.skipped += summary.skipped
  const problems = judgeRun(code, summary, minimum)
  if (problems.length > 0) {
    failures.push(`${label}: ${problems.join('; ')}`)
    if (summary.failed === 0) totals.failed += 1
  }
}

if (runUnit) {
  console.log(
    `\n▶ Unit and API tests on ${engines === 'both' ? 'SQLite and PostgreSQL' : 'SQLite (set TEST_DATABASE_URL to add PostgreSQL)'}`,
  )
  // The timing budgets (project "scale") run alone afterwards, so no other test file shares the cores.
  for (const [label, projects] of [
    ['unit', ['--project', 'node', '--project', 'client']],
    ['scale', ['--project', 'scale']],
  ]) {
    if (label === 'scale') console.log('\n▶ Timing budgets (run alone)')
    const out = `.tmp/vitest-${label}.json`
    fs.rmSync(out, { force: true })
    const code = run('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
    record(`vitest ${label}`, code, summariseVitest(readJson(out)), minimums[`${label}-${engines}`])
  }
}

if (runE2e) {
  console.log('\n▶ Production build')
  const buildCode = run('npm', ['run', '--silent', 'build'])
  if (buildCode !== 0) {
    failures.push(`build: exited with ${buildCode}`)
    totals.failed += 1
  } else {
    console.log('\n▶ Browser tests (Chromium)')
    // The page-work timings (project "timing") run alone afterwards, one at a time, as the vitest timing budgets do.
    for (const [label, args, minimum] of [
      ['playwright', ['--project', 'desktop'], minimums[`e2e-${engines}`]],
      ['playwright timing', ['--project', 'timing', '--workers', '1'], minimums[`e2e-timing-${engines}`]],
    ]) {
      if (label === 'playwright timing') console.log('\n▶ Page work timings (run alone)')
      const out = `.tmp/${label.replace(' ', '-')}.json`
      fs.rmSync(out, { force: true })
      const code = run('npx', ['playwright', 'test', '--forbid-only', ...args], { PLAYWRIGHT_JSON_OUTPUT_NAME: out })
      record(label, code, summarisePlaywright(readJson(out)), minimum)
    }
  }
}

if (failures.length > 0) console.log(`\nFAILED\n${failures.map((f) => `  - ${f}`).join('\n')}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0)
