/**
 * Version letters and reference numbers (docs/product.md §3, docs/product.md "One coherent blend model").
 * A project's versions are lettered a, b, ... z, then aa, ab, ... az, ba, ... (like spreadsheet
 * columns); a reference is the project number padded to 3 digits plus the letter: 001a, 012c, 1000b.
 */

/** The letter of the version at zero-based position `index` in its project. */
export function versionLetterAt(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`Not a version index: ${index}`)
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rem = (n - 1) % 26
    letters = String.fromCharCode(97 + rem) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

/** The inverse of versionLetterAt: 'a' → 0, 'z' → 25, 'aa' → 26. */
export function versionIndexOf(letter: string): number {
  if (!/^[a-z]+$/.test(letter)) throw new RangeError(`Not a version letter: ${letter}`)
  let n = 0
  for (const ch of letter) n = n * 26 + (ch.charCodeAt(0) - 96)
  return n - 1
}

/** '001a': the project number padded to 3 digits, then the version letter. */
export function referenceNumber(projectNumber: number, letter: string): string {
  return `${String(projectNumber).padStart(3, '0')}${letter}`
}

/** A test entry's reference: 'TB-001a-000042'. */
export function testEntryReference(versionReference: string, sequence: number): string {
  return `TB-${versionReference}-${String(sequence % 1_000_000).padStart(6, '0')}`
}

/** The numeric part of a reference, for sorting by reference number (docs/product.md §9: numeric on the digits). */
export function referenceDigits(reference: string | null | undefined): number {
  const digits = (reference ?? '').replace(/\D/g, '')
  return digits ? Number.parseInt(digits, 10) : Number.POSITIVE_INFINITY
}

/** Orders references by their number, then by version letter: 001a, 001b, 002a, 010a, 1000a. */
export function compareReferences(a: string | null | undefined, b: string | null | undefined): number {
  const byNumber = referenceDigits(a) - referenceDigits(b)
  if (byNumber !== 0 && !Number.isNaN(byNumber)) return byNumber
  const letters = (r: string | null | undefined) => (r ?? '').replace(/[^a-z]/g, '')
  const [la, lb] = [letters(a), letters(b)]
  return la.length - lb.length || la.localeCompare(lb)
}
