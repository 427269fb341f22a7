/**
 * The text layer of a PDF, read on the device (docs/product.md "A lot's documents"; decision 080):
 * PDF.js, loaded only when a maker asks for it, parses the file in its own worker, off the main
 * thread. PDF.js 5 compiles nothing from a file (its `isEvalSupported` is gone with the eval path
 * behind CVE-2024-4367), and XFA forms and embedded fonts are left alone. A line of the text is a run of
 * items on one baseline, so a table's rows come out one a line, as the paste readers expect.
 * An empty answer means the PDF has no text layer (a scan): it stays a file only.
 */
export async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), enableXfa: false, disableFontFace: true })
  const pdf = await task.promise
  try {
    const lines: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const content = await page.getTextContent()
      let line = ''
      let baseline: number | null = null
      for (const item of content.items) {
        if (!('str' in item)) continue
        const y = item.transform[5] as number
        if (baseline !== null && Math.abs(y - baseline) > 2 && line.trim() !== '') {
          lines.push(line)
          line = ''
        }
        baseline = y
        line += line && !line.endsWith(' ') && item.str && !item.str.startsWith(' ') ? ` ${item.str}` : item.str
        if (item.hasEOL) {
          lines.push(line)
          line = ''
          baseline = null
        }
      }
      if (line.trim() !== '') lines.push(line)
      page.cleanup()
    }
    return lines
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l !== '')
      .join('\n')
  } finally {
    await task.destroy()
  }
}
