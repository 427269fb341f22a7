import { FileText, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '#shared/api/documents.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { documentBytes, useDocuments } from '#client/features/shelf/api/documents.ts'

/**
 * Reads the text of a PDF attached to the bottle into a paper's paste reader (docs/product.md "A
 * lot's documents"): the maker picks one of the bottle's PDFs (those of `kind` first), its text
 * layer is read on the device (PDF.js, loaded only on the press) and handed to `onText`, which
 * goes through the same reader as pasted text. A PDF without text (a scan) is said to be one.
 */
export function AttachedPdfReader({ bottleId, kind, onText }: { bottleId: number; kind: DocumentKind; onText: (text: string) => void }) {
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
    return (
      <p className="text-xs text-muted-foreground">
        {`Attach the ${DOCUMENT_KIND_LABELS[kind].toLowerCase()} as a PDF under the bottle's Documents to read its text here.`}
      </p>
    )
  }

  async function read() {
    if (!selected) return
    setReading(true)
    setNote(null)
    try {
      const [{ pdfText }, blob] = await Promise.all([import('#client/features/shelf/lib/pdf-text.ts'), documentBytes(selected.id)])
      const text = await pdfText(await blob.arrayBuffer())
      if (text.trim() === '') {
        setNote(
          `${selected.fileName} has no text to read: it is probably a scan. It stays with the bottle as a file; enter what it says by hand.`,
        )
      } else {
        setNote(`Read the text of ${selected.fileName}.`)
        onText(text)
      }
    } catch (error) {
      setNote(`${selected.fileName} could not be read: ${error instanceof Error ? error.message : 'please try again'}.`)
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-pdf`}>Or read an attached PDF</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          id={`${id}-pdf`}
          className="w-full min-w-0 sm:w-auto sm:max-w-64"
          value={selected.id}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {pdfs.map((d) => (
            <option key={d.id} value={d.id}>
              {`${d.fileName} (${DOCUMENT_KIND_LABELS[d.kind]})`}
            </option>
          ))}
        </Select>
        <Button type="button" variant="outline" size="sm" disabled={reading} onClick={() => void read()}>
          {reading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileText aria-hidden="true" />}
          {reading ? 'Reading...' : 'Read the PDF'}
        </Button>
      </div>
      <p role="status" className="text-xs text-muted-foreground">
        {note}
      </p>
    </div>
  )
}
