import { FileText, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import type { DocumentKind } from '#shared/api/documents.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { documentBytes, useDocuments } from '#client/features/shelf/api/documents.ts'
import { documentKindInSentence, documentKindLabel } from '#client/features/shelf/lib/document-kind.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * Reads the text of a PDF attached to the bottle into a paper's paste reader (docs/product.md "A
 * lot's documents"): the maker picks one of the bottle's PDFs (those of `kind` first), its text
 * layer is read on the device (PDF.js, loaded only on the press) and handed to `onText`, which
 * goes through the same reader as pasted text. A PDF without text (a scan) is said to be one.
 */
export function AttachedPdfReader({ bottleId, kind, onText }: { bottleId: number; kind: DocumentKind; onText: (text: string) => void }) {
  const t = useMessages()
  const id = useId()
  const documents = useDocuments(bottleId)
  const pdfs = (documents.data?.documents ?? [])
    .filter((d) => d.mediaType === 'application/pdf')
    .sort((a, b) => Number(b.kind === kind) - Number(a.kind === kind))
  const [chosen, setChosen] = useState<number | null>(null)
  const [reading, setReading] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const selected = pdfs.find((d) => d.id === chosen) ?? pdfs[0]

  if (documents.isPending || documents.isError) return null
  if (!selected) {
    return <p className="text-xs text-muted-foreground">{t('shelf.pdf.attach', { kind: documentKindInSentence(t, kind) })}</p>
  }

  async function read() {
    if (!selected) return
    setReading(true)
    setNote(null)
    try {
      const [{ pdfText }, blob] = await Promise.all([import('#client/features/shelf/lib/pdf-text.ts'), documentBytes(selected.id)])
      const text = await pdfText(await blob.arrayBuffer())
      if (text.trim() === '') {
        setNote(t('shelf.pdf.noText', { file: selected.fileName }))
      } else {
        setNote(t('shelf.pdf.read', { file: selected.fileName }))
        onText(text)
      }
    } catch (error) {
      setNote(t('shelf.pdf.failed', { file: selected.fileName, reason: error instanceof Error ? error.message : t('shelf.pdf.tryAgain') }))
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-pdf`}>{t('shelf.pdf.label')}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          id={`${id}-pdf`}
          className="w-full min-w-0 sm:w-auto sm:max-w-64"
          value={selected.id}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {pdfs.map((d) => (
            <option key={d.id} value={d.id}>
              {`${d.fileName} (${documentKindLabel(t, d.kind)})`}
            </option>
          ))}
        </Select>
        <Button type="button" variant="outline" size="sm" disabled={reading} onClick={() => void read()}>
          {reading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileText aria-hidden="true" />}
          {reading ? t('shelf.pdf.reading') : t('shelf.pdf.button')}
        </Button>
      </div>
      <p role="status" className="text-xs text-muted-foreground">
        {note}
      </p>
    </div>
  )
}
