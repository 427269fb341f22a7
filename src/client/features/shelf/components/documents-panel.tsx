import { Download, FileText, LoaderCircle, Trash2, Upload } from 'lucide-react'
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, type BottleDocument, type DocumentKind } from '#shared/api/documents.ts'
import type { Bottle } from '#shared/api/shelf.ts'
import { documentTypeOf, formatBytes } from '#shared/domain/document-types.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { downloadDocument, useDeleteDocument, useDocuments, useUploadDocument } from '#client/features/shelf/api/documents.ts'
import { BottleSheetPanel, lotOf } from '#client/features/shelf/components/bottle-sheet.tsx'
import { documentKindLabel } from '#client/features/shelf/lib/document-kind.ts'
import { useMessages } from '#client/lib/i18n.ts'

type Translate = ReturnType<typeof useMessages>

const LIMIT = formatBytes(MAX_DOCUMENT_BYTES)

/** Why a chosen file cannot be a document, read on the device before anything is sent (the server checks again). */
async function refusalOf(t: Translate, file: File): Promise<string | null> {
  if (file.size === 0) return t('shelf.upload.empty', { file: file.name })
  if (file.size > MAX_DOCUMENT_BYTES) return t('shelf.upload.tooBig', { file: file.name, size: formatBytes(file.size), limit: LIMIT })
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  if (!documentTypeOf(head)) return t('shelf.upload.wrongType', { file: file.name, types: t('shelf.upload.types') })
  return null
}

/**
 * A bottle's documents (docs/product.md "A lot's documents"; decision 080): the supplier's papers
 * of this lot, uploaded from a file chooser or dropped, listed with their kind and size, saved back
 * to the device, deleted after a confirmation. Loaded on its own, after the shelf.
 */
export function DocumentsPanel({ bottle }: { bottle: Bottle; onDone: () => void }) {
  const t = useMessages()
  const documents = useDocuments(bottle.id)
  const lot = lotOf(t, bottle)
  const values = { types: t('shelf.upload.types'), limit: LIMIT }
  return (
    <BottleSheetPanel
      title={t('shelf.documents.title', { oil: bottle.oilName })}
      description={lot ? t('shelf.documents.descriptionOfLot', { ...values, lot }) : t('shelf.documents.description', values)}
      query={documents}
      loadingLabel={t('shelf.documents.loading')}
      errorMessage={t('shelf.documents.loadError')}
    >
      {(data, header) => (
        <div className="grid gap-5">
          {header}
          <UploadForm bottle={bottle} />
          <DocumentList bottle={bottle} documents={data.documents} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('shelf.close')}
              </Button>
            </DialogClose>
          </DialogFooter>
        </div>
      )}
    </BottleSheetPanel>
  )
}

function UploadForm({ bottle }: { bottle: Bottle }) {
  const t = useMessages()
  const id = useId()
  const upload = useUploadDocument(bottle.id)
  const input = useRef<HTMLInputElement>(null)
  const [kind, setKind] = useState<DocumentKind>('safety-data-sheet')
  const [file, setFile] = useState<File | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [sent, setSent] = useState<number | null>(null)
  const [dragging, setDragging] = useState(false)

  async function choose(chosen: File | null) {
    setFile(chosen)
    setRefusal(chosen ? await refusalOf(t, chosen) : null)
  }

  function drop(event: DragEvent) {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) void choose(dropped)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!file || upload.isPending) return
    const refused = await refusalOf(t, file)
    if (refused) return setRefusal(refused)
    setSent(0)
    try {
      const stored = await upload.mutateAsync({ file, kind, onProgress: setSent })
      toast.success(t('shelf.upload.added'), {
        description: t('shelf.upload.addedDescription', { file: stored.fileName, oil: bottle.oilName }),
      })
      setFile(null)
      setRefusal(null)
      if (input.current) input.current.value = ''
    } catch (error) {
      // The file stays chosen, so the maker can try again or pick another.
      setRefusal(error instanceof Error ? error.message : t('shelf.upload.failed'))
    } finally {
      setSent(null)
    }
  }

  const percent = file && sent !== null ? Math.min(100, Math.round((sent / Math.max(file.size, 1)) * 100)) : null
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid min-w-0 gap-3 rounded-lg border border-border p-3"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="text-sm font-medium text-foreground">
        {t('shelf.upload.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-kind`}>{t('shelf.upload.kind')}</Label>
          <Select id={`${id}-kind`} className="w-full" value={kind} onChange={(event) => setKind(event.target.value as DocumentKind)}>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {documentKindLabel(t, k)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <Label htmlFor={`${id}-file`}>{t('shelf.upload.file')}</Label>
          <div
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
            className={`grid gap-1 rounded-lg border border-dashed p-3 text-sm ${dragging ? 'border-primary bg-primary/5' : 'border-input'}`}
          >
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp"
              aria-describedby={`${id}-file-hint`}
              aria-invalid={refusal ? true : undefined}
              onChange={(event) => void choose(event.target.files?.[0] ?? null)}
              className="w-full min-w-0 max-w-full text-sm text-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground"
            />
            <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
              {t('shelf.upload.hint', { types: t('shelf.upload.types'), limit: LIMIT })}
            </p>
          </div>
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!file || refusal !== null || upload.isPending}>
          {upload.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
          {upload.isPending ? t('shelf.upload.pending') : t('shelf.upload.button')}
        </Button>
        {percent !== null ? (
          <p role="status" className="text-sm text-muted-foreground">
            {percent < 100 ? t('shelf.upload.sent', { percent }) : t('shelf.upload.checking')}
          </p>
        ) : null}
      </div>
    </form>
  )
}

function DocumentList({ bottle, documents }: { bottle: Bottle; documents: BottleDocument[] }) {
  const t = useMessages()
  const id = useId()
  const remove = useDeleteDocument(bottle.id)
  const [downloading, setDownloading] = useState<number | null>(null)

  async function save(doc: BottleDocument) {
    setDownloading(doc.id)
    try {
      await downloadDocument(doc.id, doc.fileName)
    } catch (error) {
      toast.error(t('shelf.documents.downloadFailed'), { description: error instanceof Error ? error.message : t('shelf.tryAgain') })
    } finally {
      setDownloading(null)
    }
  }

  async function deleteOne(doc: BottleDocument) {
    try {
      await remove.mutateAsync(doc.id)
      toast.success(t('shelf.documents.deleted'), { description: t('shelf.documents.deletedDescription', { file: doc.fileName }) })
    } catch (error) {
      toast.error(t('shelf.documents.deleteFailed'), { description: error instanceof Error ? error.message : t('shelf.tryAgain') })
      return 'stay' as const
    }
  }

  return (
    <section aria-labelledby={`${id}-list`} className="grid gap-2">
      <h3 id={`${id}-list`} className="text-sm font-medium text-foreground">
        {documents.length === 0 ? t('shelf.card.documents') : t('shelf.documents.count', { count: documents.length })}
      </h3>
      {documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('shelf.documents.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {documents.map((doc) => (
            <li key={doc.id} className="grid gap-2 rounded-lg border border-border px-3 py-2 sm:flex sm:items-center sm:gap-3">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <FileText aria-hidden="true" className="mt-0.5 size-5 flex-none text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="break-words text-sm font-medium text-foreground">{doc.fileName}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('shelf.documents.facts', {
                      kind: documentKindLabel(t, doc.kind),
                      size: formatBytes(doc.byteSize),
                      day: new Date(doc.createdAt).toLocaleDateString(),
                    })}
                  </p>
                </div>
              </div>
              <div className="flex flex-none gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={downloading === doc.id}
                  onClick={() => void save(doc)}
                  aria-label={t('shelf.documents.downloadOf', { file: doc.fileName })}
                >
                  {downloading === doc.id ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
                  {t('shelf.documents.download')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-destructive/10"
                      aria-label={t('shelf.delete.fileLabel', { file: doc.fileName })}
                    >
                      <Trash2 aria-hidden="true" />
                      {t('shelf.delete.button')}
                    </Button>
                  }
                  title={t('shelf.documents.deleteTitle')}
                  description={t('shelf.documents.deleteDescription', { file: doc.fileName, oil: bottle.oilName })}
                  icon={Trash2}
                  confirmLabel={t('shelf.documents.deleteConfirm')}
                  pendingLabel={t('shelf.delete.pending')}
                  onConfirm={() => deleteOne(doc)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
