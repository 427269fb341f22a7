// npm run lint, second half: the boundaries ESLint's rules cannot see. Every source file under
// src/, tests/, scripts/ and bench/ has a kebab-case name, and no module imports itself through a
// chain of others (an import cycle), counting type-only imports too. Exits 1 naming each problem.
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

export function lintImports(root) {
  const files = sourceFiles(root)
  const problems = badNames(files).map((file) => `${file}: file and folder names are kebab-case`)
  for (const cycle of importCycles(importGraph(root, files, aliasesOf(root)))) {
    problems.push(`import cycle: ${cycle.join(' → ')}`)
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = lintImports(process.cwd())
  for (const problem of problems) console.error(problem)
  process.exit(problems.length > 0 ? 1 : 0)
}
