/**
 * The message catalogs (issue 37, decision 088): one ICU MessageFormat file per language, keyed by
 * the same ids, English the source. `pseudo` makes the test-only pseudo-locale from English:
 * accented and about 40 % longer, with every placeholder and plural keyword left as it is.
 */

const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  s: 'š',
  z: 'ž',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ø',
  U: 'Û',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
  S: 'Š',
  Z: 'Ž',
}

/** The placeholders of an ICU message, as `name:type` (`count:plural`, `name:`), sorted; `#` counts as a placeholder. */
export function placeholdersOf(message: string): string[] {
  const found: string[] = []
  // Each open brace is an argument (`{name, type, ...}`) or a plural/select branch (`one {...}`).
  const stack: ('argument' | 'branch')[] = []
  let i = 0
  while (i < message.length) {
    const ch = message[i]
    if (ch === "'" && (message[i + 1] === '{' || message[i + 1] === '}' || message[i + 1] === '#')) {
      const end = message.indexOf("'", i + 1)
      i = end === -1 ? message.length : end + 1
      continue
    }
    if (ch === '{') {
      const inText = stack.length === 0 || stack.at(-1) === 'branch'
      if (inText) {
        const close = message.slice(i + 1).search(/[{}]/)
        const head = message.slice(i + 1, close === -1 ? undefined : i + 1 + close)
        const [name = '', type = ''] = head.split(',').map((part) => part.trim())
        found.push(`${name}:${type}`)
        stack.push('argument')
      } else stack.push('branch')
    } else if (ch === '}') {
      if (stack.pop() === undefined) throw new Error(`Unbalanced braces in: ${message}`)
    } else if (ch === '#' && stack.at(-1) === 'branch') found.push('#')
    i++
  }
  if (stack.length > 0) throw new Error(`Unbalanced braces in: ${message}`)
  return found.sort()
}

/** English made strange and longer, keeping the ICU structure (for the pseudo-locale's tests). */
export function pseudo(message: string): string {
  let out = ''
  let textLength = 0
  const stack: ('argument' | 'branch')[] = []
  for (const ch of message) {
    const inText = stack.length === 0 || stack.at(-1) === 'branch'
    if (ch === '{') stack.push(inText ? 'argument' : 'branch')
    else if (ch === '}') stack.pop()
    if (inText && ch !== '{' && ch !== '}' && ch !== '#') {
      out += ACCENTS[ch] ?? ch
      textLength++
    } else out += ch
  }
  // About 40 % longer, as German and French often are; a short message by four characters at least
  // (a short word grows most: "Lot" is "Charge"), so a short message with a placeholder is fine.
  // The padding is words of six (the first shorter), so a long message can wrap as a real one does:
  // one unbroken run of 40 would be a word no language has (decision 101).
  const length = Math.max(4, Math.ceil(textLength * 0.4))
  const words = [
    ...(length % 6 === 0 || length < 6 ? [] : ['~'.repeat(length % 6)]),
    ...Array<string>(Math.floor(length / 6)).fill('~'.repeat(6)),
  ]
  return `[${out}${length < 6 ? '~'.repeat(length) : ' ' + words.join(' ')}]`
}
