import type { PDFFont } from '@cantoo/pdf-lib'

/**
 * Text for the PDFs the client makes (the recipe card, the label sheet) with pdf-lib's standard
 * fonts. Only modules loaded on a press import this; the type import brings no pdf-lib code.
 */

/**
 * Characters the languages' Intl output and typography use that WinAnsi lacks, as the nearest it
 * has: the narrow and thin spaces French puts before a colon or a percent sign become a no-break
 * space, the no-break hyphen a hyphen.
 */
const WINANSI_NEAREST: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2007': '\u00a0',
  '\u2011': '-',
  '\u2212': '-',
}

/**
 * Standard fonts only know WinAnsi (Latin-1's letters, so ä ö ü ß é è à ç ñ ¿ ¡ « » and the
 * typographic quotes and dashes print): anything else would make pdf-lib throw, so it becomes '?'.
 */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet())
  return [...text.replace(/\t/g, ' ').replace(/\r\n?/g, '\n')]
    .map((ch) => WINANSI_NEAREST[ch] ?? ch)
    .map((ch) => (ch === '\n' || known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('')
}

/**
 * Breaks text into lines no wider than `width`; a word longer than a line goes on over the next lines.
 * Linear in the text's length (issue 32): only a line's worth of text is ever measured at once, so an
 * unbroken 10,000-character note costs as much as 10,000 characters of words.
 */
export function wrapText(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r?\n/)) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line) {
        if (fittingPrefix(`${line} `, word, width, measure) === word.length) {
          line = `${line} ${word}`
          continue
        }
        lines.push(line)
      }
      let rest = word
      let cut: number
      while ((cut = fittingPrefix('', rest, width, measure)) < rest.length) {
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/** Words up to this length are tried whole before their prefix is searched for. */
const WHOLE_WORD = 256

/**
 * How many characters of `rest` fit on a line after `start`: all of them, or the most that fit
 * (at least one on an empty line, so a too-narrow width still moves on). Found by doubling, then
 * halving, so each measurement is of at most about two lines' worth of text.
 */
function fittingPrefix(start: string, rest: string, width: number, measure: (line: string) => number): number {
  const fits = (n: number) => measure(start + rest.slice(0, n)) <= width
  // A word of ordinary length is measured whole, once.
  if (rest.length <= WHOLE_WORD && fits(rest.length)) return rest.length
  let good = 0
  let step = 1
  while (good < rest.length && fits(Math.min(rest.length, good + step))) {
    good = Math.min(rest.length, good + step)
    step *= 2
  }
  if (good === rest.length) return good
  // good fits, good + step does not (or is past the end): halve the step until it is found.
  let bad = Math.min(rest.length, good + step)
  while (bad - good > 1) {
    const mid = good + Math.floor((bad - good) / 2)
    if (fits(mid)) good = mid
    else bad = mid
  }
  return start || good > 0 ? good : 1
}

/**
 * A PDF's file name from a blend's name: 'Evening Calm', 'recipe' → 'evening-calm-recipe.pdf';
 * `fallback` when the name has no letter or digit left.
 */
export function pdfFileName(name: string, kind: string, fallback = 'blend'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug || fallback}-${kind}.pdf`
}
