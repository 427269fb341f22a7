// npm run lint, second half: the boundaries ESLint's rules cannot see. Every source file under
// src/, tests/, scripts/ and bench/ has a kebab-case name, no module imports itself through a
// chain of others (an import cycle), counting type-only imports too, and no folder of src/server
// (a feature, or db/, http/, shared/...) reaches itself through others' imports (a feature
// cycle, decision 063). Exits 1 naming each problem.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g

/** Every source file below root's folders, as paths relative to root. */
export function sourceFiles(root, folders = ['src', 'tests', 'scripts', 'bench']) {
  const out = []
  const walk = (dir) => {
    if (!fs.existsSync(path.join(root, dir))) return
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const rel = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (SOURCE.test(entry.name)) out.push(rel)
    }
  }
  for (const folder of folders) walk(folder)
  return out.sort()
}

/** Files and folders whose names are not kebab-case (lower-case words joined by hyphens). */
export function badNames(files) {
  const bad = new Set()
  for (const file of files) {
    for (const part of file.split(path.sep)) if (!KEBAB.test(part)) bad.add(file)
  }
  return [...bad]
}

/** The file an import specifier names, or null for packages and node:* modules. */
function resolve(root, from, specifier, aliases, known) {
  let base
  const alias = Object.entries(aliases).find(([prefix]) => specifier.startsWith(prefix))
  if (alias) base = path.join(alias[1], specifier.slice(alias[0].length))
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (known.has(path.normalize(candidate))) return path.normalize(candidate)
  }
  return null
}

/** The import graph of files: each file's imports that are files of the repository. */
export function importGraph(root, files, aliases) {
  const known = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8')
    const targets = new Set()
    for (const pattern of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolve(root, file, match[1], aliases, known)
        if (target && target !== file) targets.add(target)
      }
    }
    graph.set(file, [...targets].sort())
  }
  return graph
}

/** Each import cycle once, as the list of files around it (Tarjan's strongly connected components). */
export function importCycles(graph) {
  let index = 0
  const stack = []
  const state = new Map()
  const cycles = []
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true })
    index += 1
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next)
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low)
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index)
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = []
      let member
      do {
        member = stack.pop()
        state.get(member).onStack = false
        component.push(member)
      } while (member !== node)
      if (component.length > 1) cycles.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return cycles
}

/** The "#x/*" aliases of package.json's imports, as prefix → folder. */
export function aliasesOf(root) {
  const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  return Object.fromEntries(
    Object.entries(imports)
      .filter(([key, value]) => key.endsWith('/*') && typeof value === 'string')
      .map(([key, value]) => [key.slice(0, -1), path.normalize(value.slice(0, -1))]),
  )
}

const SERVER = 'src/server'

/**
 * Imports a feature cycle may still run through, each named: "from file → to file". Empty once
 * every feature reaches another through its commands.
 */
// None today (issue 33 emptied it): an edge listed here is allowed for a while, and named.
export const PENDING_FEATURE_EDGES = []

/** The src/server folder a file is in, or null for the server's own root files (app.ts, main.ts...). */
function serverFolder(file) {
  const parts = file.split(path.sep)
  return parts.length > 3 && parts.slice(0, 2).join('/') === SERVER ? `${SERVER}/${parts[2]}` : null
}

/**
 * The import cycles between folders of src/server (tests left out: a test may import a helper of
 * another feature), each as one chain around it with the import that makes each step.
 */
export function featureCycles(graph, pending = PENDING_FEATURE_EDGES) {
  const skipped = new Set(pending.map((edge) => edge.split(' → ').map(path.normalize).join('\0')))
  const folders = new Map()
  const because = new Map()
  for (const [file, targets] of graph) {
    const from = serverFolder(file)
    if (!from || /\.test\.tsx?$/.test(file)) continue
    if (!folders.has(from)) folders.set(from, new Set())
    for (const target of targets) {
      const to = serverFolder(target)
      if (!to || to === from || skipped.has(`${file}\0${target}`)) continue
      folders.get(from).add(to)
      if (!because.has(`${from}\0${to}`)) because.set(`${from}\0${to}`, `${file} imports ${target}`)
    }
  }
  const folderGraph = new Map([...folders].map(([folder, to]) => [folder, [...to].sort()]))
  return importCycles(folderGraph).map((component) => {
    // One chain around the component, from its first folder back to it, through its members only.
    const members = new Set(component)
    const start = component[0]
    const chain = (node, seen) => {
      for (const next of folderGraph.get(node) ?? []) {
        if (next === start) return [node, start]
        if (!members.has(next) || seen.has(next)) continue
        const rest = chain(next, new Set([...seen, next]))
        if (rest) return [node, ...rest]
      }
      return null
    }
    const steps = chain(start, new Set([start]))
    const imports = steps.slice(1).map((to, i) => because.get(`${steps[i]}\0${to}`))
    return `feature cycle: ${steps.join(' → ')} (${imports.join('; ')})`
  })
}

export function lintImports(root) {
  const files = sourceFiles(root)
  const problems = badNames(files).map((file) => `${file}: file and folder names are kebab-case`)
  const graph = importGraph(root, files, aliasesOf(root))
  for (const cycle of importCycles(graph)) {
    problems.push(`import cycle: ${cycle.join(' → ')}`)
  }
  problems.push(...featureCycles(graph))
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = lintImports(process.cwd())
  for (const problem of problems) console.error(problem)
  process.exit(problems.length > 0 ? 1 : 0)
}
