import type { PDFFont } from '@cantoo/pdf-lib'

/**
 * Text for the PDFs the client makes (the recipe card, the label sheet) with pdf-lib's standard
 * fonts. Only modules loaded on a press import this; the type import brings no pdf-lib code.
 */

/** Standard fonts only know WinAnsi: anything else would make pdf-lib throw, so it becomes '?'. */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet())
  return [...text.replace(/\t/g, ' ').replace(/\r\n?/g, '\n')]
    .map((ch) => (ch === '\n' || known.has(ch.codePointAt(0)!) ? ch : '?'))
    .join('')
}

/** Breaks text into lines no wider than `width`; a word longer than a line goes on over the next lines. */
export function wrapText(text: string, width: number, measure: (line: string) => number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r?\n/)) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (measure(candidate) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (measure(rest) > width) {
        let cut = rest.length - 1
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/** A PDF's file name from a blend's name: 'Evening Calm', 'recipe' → 'evening-calm-recipe.pdf'. */
export function pdfFileName(name: string, kind: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug || 'blend'}-${kind}.pdf`
}
