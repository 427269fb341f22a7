import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const { checkNode } = createRequire(import.meta.url)('./check-node.cjs') as {
  checkNode: (version: string, engines: string) => string | null
}
const engines = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node
const sentence = (version: string) =>
  `Accord needs Node.js 24 or newer, but this is Node.js ${version}: run eval "$(bash scripts/ci/ensure-node.sh)" to install Node.js 24 for this shell, then run the command again.`

/** The machine's own Node (Debian's, v20 where this was written), when it is older than `engines`. */
const MACHINE_NODE = '/usr/bin/node'
const machineVersion = fs.existsSync(MACHINE_NODE)
  ? spawnSync(MACHINE_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : null

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-node-check-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/**
 * A `node` on PATH that reports `version` (this Node with process.versions faked), so the scripts
 * are tried as on a machine whose Node is that old, whatever Node runs the tests.
 */
function nodeReporting(version: string): string {
  const bin = path.join(tmp, `node-${version}`)
  fs.mkdirSync(bin, { recursive: true })
  const fake = path.join(bin, 'fake-version.cjs')
  fs.writeFileSync(
    fake,
    `Object.defineProperty(process, 'versions', { value: Object.assign({}, process.versions, { node: ${JSON.stringify(version)} }) })\n`,
  )
  fs.writeFileSync(path.join(bin, 'node'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} --require ${JSON.stringify(fake)} "$@"\n`, {
    mode: 0o755,
  })
  return bin
}

describe('the Node version check before npm install, npm start and npm run serve (issue #33)', () => {
  it('names the version needed and the command that installs it, in one sentence, below engines only', () => {
    expect(engines).toBe('>=24')
    expect(checkNode('20.20.2', engines)).toBe(sentence('20.20.2'))
    expect(checkNode('22.12.0', engines)).toBe(sentence('22.12.0'))
    expect(checkNode('24.0.0', engines)).toBeNull()
    expect(checkNode('25.1.0', engines)).toBeNull()
  })

  it('stops with that sentence and exit 1 when run by an older Node, and passes silently on this one', () => {
    const runs: [string, string[], string][] = [[path.join(nodeReporting('20.20.2'), 'node'), [], '20.20.2']]
    // The machine's own Node as well, when it is an older one (v20 on the machine this was written on).
    if (machineVersion && Number(machineVersion.split('.')[0]) < 24) runs.push([MACHINE_NODE, [], machineVersion])
    for (const [node, args, version] of runs) {
      const run = spawnSync(node, [...args, 'scripts/check-node.cjs'], { encoding: 'utf8' })
      expect(run.status, node).toBe(1)
      expect(run.stderr, node).toBe(`${sentence(version)}\n`)
      expect(run.stdout, node).toBe('')
    }
    const current = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' })
    expect([current.status, current.stderr, current.stdout]).toEqual([0, '', ''])
  })

  it('makes npm install, npm start and npm run serve stop at once on Node 20, building nothing', () => {
    // A copy of the project's manifest and the check alone: were the check passed, npm start would
    // go on to build (and fail here, with no Vite), and npm install to fetch the dependencies.
    const project = path.join(tmp, 'project')
    fs.mkdirSync(path.join(project, 'scripts'), { recursive: true })
    fs.copyFileSync('package.json', path.join(project, 'package.json'))
    fs.copyFileSync('scripts/check-node.cjs', path.join(project, 'scripts/check-node.cjs'))
    const old = nodeReporting('20.20.2')
    const env = { ...process.env, PATH: `${old}${path.delimiter}${process.env.PATH}`, npm_config_update_notifier: 'false' }
    for (const args of [['start'], ['run', 'serve']]) {
      const run = spawnSync('npm', args, { cwd: project, env, encoding: 'utf8', timeout: 60_000 })
      expect(run.status, args.join(' ')).not.toBe(0)
      expect(run.stderr, args.join(' ')).toContain(sentence('20.20.2'))
      expect(`${run.stdout}${run.stderr}`, args.join(' ')).not.toMatch(/vite|dist\/server\/main\.js:|Segmentation/)
    }
    // The preinstall script is the same check (npm runs a project's own preinstall after fetching its
    // dependencies: decision 054); run as npm runs it.
    const preinstall = spawnSync('npm', ['run', 'preinstall'], { cwd: project, env, encoding: 'utf8', timeout: 60_000 })
    expect(preinstall.status).not.toBe(0)
    expect(preinstall.stderr).toContain(sentence('20.20.2'))
    expect(fs.readdirSync(project).sort()).toEqual(['package.json', 'scripts'])
  })
})
