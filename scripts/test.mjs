// npm test: unit and API tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is set),
// then a production build and the browser tests in Chromium. Browser tests never skip silently.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { findChromium, CHROMIUM_CANDIDATES } from '../tests/support/chromium.mjs'

const args = new Set(process.argv.slice(2))
const runUnit = !args.has('--e2e-only')
const runE2e = !args.has('--unit-only')
fs.mkdirSync('.tmp', { recursive: true })

const run = (cmd, cmdArgs, env = {}) =>
  spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

let passed = 0
let failed = 0
let skipped = 0
let exitCode = 0

if (runE2e && !findChromium()) {
  console.error(
    [
      'The browser tests need Chromium, and none was found.',
      `Looked at: ${process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : CHROMIUM_CANDIDATES.join(', ')}.`,
      'Install it (Debian/Ubuntu: sudo apt-get install -y chromium poppler-utils) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    ].join('\n'),
  )
  process.exit(1)
}

if (runUnit) {
  console.log(`\n▶ Unit and API tests on ${process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite (set TEST_DATABASE_URL to add PostgreSQL)'}`)
  // The timing budgets (project "scale") run alone afterwards, so no other test file shares the cores.
  for (const [label, projects] of [
    ['all', ['--project', 'node', '--project', 'client']],
    ['scale', ['--project', 'scale']],
  ]) {
    if (label === 'scale') console.log('\n▶ Timing budgets (run alone)')
    const out = `.tmp/vitest-${label}.json`
    const code = run('npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
    const report = readJson(out)
    if (report) {
      passed += report.numPassedTests
      failed += report.numFailedTests
      skipped += report.numPendingTests + report.numTodoTests
    } else if (code !== 0) {
      failed += 1
    }
    if (code !== 0) exitCode = code
  }
}

if (runE2e) {
  console.log('\n▶ Production build')
  const buildCode = run('npm', ['run', '--silent', 'build'])
  if (buildCode !== 0) {
    exitCode = buildCode
    failed += 1
  } else {
    console.log('\n▶ Browser tests (Chromium)')
    const code = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' })
    const report = readJson('.tmp/playwright.json')
    if (report?.stats) {
      passed += report.stats.expected
      failed += report.stats.unexpected + report.stats.flaky
      skipped += report.stats.skipped
    } else if (code !== 0) {
      failed += 1
    }
    if (code !== 0) exitCode = code
  }
}

if (failed > 0 && exitCode === 0) exitCode = 1
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(exitCode)
