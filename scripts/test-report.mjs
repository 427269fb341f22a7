// Reading the test runners' JSON reports for scripts/test.mjs: pure functions, tested in
// scripts/test-report.test.ts.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

/**
 * Counts of a Vitest JSON report. A file that failed without a failed test (it could not import,
 * or a beforeAll threw) is a problem of its own; so is a missing report.
 */
export function summariseVitest(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0, problems: ['wrote no report'] }
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  )
  const failedTests = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).filter((test) => test.status === 'failed').map((test) => `${file.name} › ${test.fullName ?? test.title}`),
  )
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    problems: [
      ...brokenFiles.map(
        (file) => `${file.name} failed outside its tests${file.message ? `: ${String(file.message).split('\n')[0]}` : ''}`,
      ),
      ...failedTests.map((name) => `failed: ${name}`),
    ],
  }
}

/** The titles of a Playwright report's failed and flaky tests, "file › suite › test [project]". */
function playwrightFailures(suites, parents = []) {
  return (suites ?? []).flatMap((suite) => {
    const path = suite.title ? [...parents, suite.title] : parents
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => `${test.status === 'flaky' ? 'flaky' : 'failed'}: ${[...path, spec.title].join(' › ')} [${test.projectName}]`),
    )
    return [...own, ...playwrightFailures(suite.suites, path)]
  })
}

/** Counts of a Playwright JSON report; a flaky test is a failure, and so is a global error. */
export function summarisePlaywright(report) {
  if (!report?.stats) return { passed: 0, failed: 0, skipped: 0, problems: ['wrote no report'] }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats
  return {
    passed: expected,
    failed: unexpected + flaky,
    skipped,
    problems: [
      ...(report.errors ?? []).map((error) => `error outside a test: ${String(error.message ?? error).split('\n')[0]}`),
      ...playwrightFailures(report.suites),
    ],
  }
}

/**
 * What is wrong with a sub-run: a non-zero exit, problems of its report, no test executed, or
 * fewer executed than the committed minimum (skipped tests do not count).
 */
export function judgeRun(code, summary, minimum) {
  const problems = [...summary.problems]
  if (code !== 0) problems.push(`exited with ${code}`)
  const ran = summary.passed + summary.failed
  if (ran === 0) problems.push('ran no test')
  else if (minimum !== undefined && ran < minimum) {
    problems.push(`ran ${ran} tests, fewer than the committed minimum of ${minimum} (tests/minimum-tests.json)`)
  }
  return problems
}

/** The committed minimum test counts, keyed `<run>-<sqlite|both>`; {} when the file is missing. */
export function readMinimums(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return {}
  }
}

/** The commands of `names` that are not on PATH. */
export function missingTools(names) {
  return names.filter((name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status !== 0)
}
