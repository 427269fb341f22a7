/**
 * Every sentence the API can answer with, read from the source (decision 100): the messages of
 * refusals, errors and the shared schemas' checks, each as a template whose `{0}`, `{1}`… stand
 * for what it names. `api-messages.test.ts` fails when one has no words in a language, and its
 * failure lists the templates that are new.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * The callees whose string arguments are messages a client reads (`unauthenticated`: the identity
 * guard's 401 answers, src/server/auth/guard.ts).
 */
const MESSAGE_CALLS = new Set(['refuse', 'refuseAt', 'AppError', 'notFound', 'errorBody', 'invalid', 'problem', 'unauthenticated'])
/** Zod's checks: their string argument (or `{ error }`/`{ message }`) is the message of a refused value. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'refine',
  'superRefine',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'email',
  'url',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
  'nonempty',
  'check',
])
/** Properties whose string value is a message. */
const MESSAGE_PROPERTIES = new Set(['message', 'error'])

/** A place a message may start with ("body.name: ", "{0}: "), which stays as it is in every language. */
const PLACE_PREFIX = /^(?:\{\d+\}|[\w[\]]+(?:\.(?:[\w[\]]+|\{\d+\}))*): /

/** A message: words with a space between them, not a code or a path. */
const isWords = (text: string) =>
  /\s/.test(text) && /\p{Ll}/u.test(text) && (text.replace(/\{\d+\}/g, ' ').match(/\p{L}{2,}/gu) ?? []).length >= 2

/** The template of a string literal or a template literal, or null for anything else. */
function templateOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text
    node.templateSpans.forEach((span, i) => {
      text += `{${i}}${span.literal.text}`
    })
    return text
  }
  return null
}

/** Renumbers the placeholders from 0 after a place was cut off the front. */
function renumber(text: string): string {
  let next = 0
  const seen = new Map<string, number>()
  return text.replace(/\{(\d+)\}/g, (_, n: string) => {
    if (!seen.has(n)) seen.set(n, next++)
    return `{${seen.get(n)}}`
  })
}

/** The message part of a template: its place cut off, or null when it is no sentence. */
export function messagePart(template: string): string | null {
  let text = template
  while (PLACE_PREFIX.test(text)) text = text.replace(PLACE_PREFIX, '')
  text = renumber(text)
  return isWords(text) ? text : null
}

function calleeName(expression: ts.Expression): string | null {
  if (ts.isIdentifier(expression)) return expression.text
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text
  return null
}

function collectFrom(file: string, source: string, into: Set<string>): void {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const take = (node: ts.Node | undefined) => {
    if (!node) return
    const template = templateOf(node)
    if (template === null) return
    const message = messagePart(template)
    if (message) into.add(message)
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression)
      if (name && (MESSAGE_CALLS.has(name) || ZOD_CHECKS.has(name))) for (const arg of node.arguments ?? []) take(arg)
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPERTIES.has(node.name.text)) take(node.initializer)
    // `const X_MESSAGE = '…'` and the values of `const X_MESSAGES = { … }`.
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /MESSAGES?$|^GENERIC_5XX$|^DATABASE_UNAVAILABLE$/.test(node.name.text)
    ) {
      let init = node.initializer
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const property of init.properties) if (ts.isPropertyAssignment(property)) take(property.initializer)
      } else take(init)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [path] : []
  })
}

/** The folders whose code answers API requests: the server and the schemas it shares with the client. */
export const MESSAGE_SOURCES = ['src/server', 'src/shared']

/**
 * Files whose messages are not the API's refusals: the server's configuration (read by the
 * operator at start-up, not by a client), and the findings of the safety, compliance and paste
 * readers, which are a page's content rather than an error (issue 37 translates them with the
 * screens that show them).
 */
export const NOT_API_MESSAGES = [
  'src/server/env.ts',
  'src/server/compliance/compliance.solver.ts',
  'src/shared/domain/safety.ts',
  'src/shared/domain/compliance.ts',
  'src/shared/domain/declaration-paste.ts',
  'src/shared/domain/ifra-certificate-paste.ts',
]

/** Every message template of the API, sorted. */
export function extractApiMessages(root: string): string[] {
  const found = new Set<string>()
  for (const dir of MESSAGE_SOURCES) {
    for (const file of sourceFiles(join(root, dir))) {
      const name = relative(root, file)
      if (name.startsWith('src/server/i18n/') || NOT_API_MESSAGES.includes(name)) continue
      collectFrom(file, readFileSync(file, 'utf8'), found)
    }
  }
  return [...found].sort()
}
