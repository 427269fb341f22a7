import { ClipboardPaste, LoaderCircle, Trash2 } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { IfraCertificate } from '#shared/api/ifra.ts'
import type { Bottle } from '#shared/api/shelf.ts'
import { IFRA_CATEGORIES, type IfraCategory } from '#shared/domain/ifra.ts'
import { parseIfraCertificatePaste, type PastedCertificate, type UnreadCertificateLine } from '#shared/domain/ifra-certificate-paste.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useIfraCertificate, useRemoveIfraCertificate, useSaveIfraCertificate } from '#client/features/shelf/api/ifra-certificates.ts'
import { BottleSheetPanel, lotOf } from '#client/features/shelf/components/bottle-sheet.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { ifraCategoryName } from '#client/lib/safety-words.ts'
import { certificateNoteText } from '#client/features/shelf/lib/paste-notes.ts'
import { LazyPdfReader } from '#client/features/shelf/components/lazy-pdf-reader.tsx'
import {
  certificateBody,
  valuesOfCertificate,
  withPasted,
  type CategoryRow,
  type IfraFormErrors,
  type IfraFormValues,
} from '#client/features/shelf/lib/ifra-form.ts'

/**
 * The IFRA dialog's content: loads the bottle's certificate, then the form. Loaded on its own (a
 * chunk with the certificate's paste reader), after the shelf.
 */
export function IfraCertificatePanel({ bottle, onDone }: { bottle: Bottle; onDone: () => void }) {
  const t = useMessages()
  const certificate = useIfraCertificate(bottle.id)
  const lot = lotOf(t, bottle)
  return (
    <BottleSheetPanel
      title={t('shelf.ifra.title', { oil: bottle.oilName })}
      description={lot ? t('shelf.ifra.descriptionOfLot', { lot }) : t('shelf.ifra.description')}
      query={certificate}
      loadingLabel={t('shelf.ifra.loading')}
      errorMessage={t('shelf.ifra.loadError')}
    >
      {(data, header) => <IfraCertificateForm bottle={bottle} header={header} current={data.certificate} onDone={onDone} />}
    </BottleSheetPanel>
  )
}

const NO_ERRORS: IfraFormErrors = { rows: {} }

function IfraCertificateForm({
  bottle,
  header,
  current,
  onDone,
}: {
  bottle: Bottle
  header: ReactNode
  current: IfraCertificate | null
  onDone: () => void
}) {
  const t = useMessages()
  // The form's own problems are catalog ids (ifra-form.ts).
  const shown = (text: string | undefined) => (text === undefined ? undefined : t(text))
  const id = useId()
  const save = useSaveIfraCertificate(bottle.id)
  const remove = useRemoveIfraCertificate(bottle.id)
  const singleFlight = useSingleFlight()
  const [values, setValues] = useState<IfraFormValues>(() => valuesOfCertificate(current))
  const [errors, setErrors] = useState<IfraFormErrors>(NO_ERRORS)
  const [message, setMessage] = useState<string | null>(null)
  const [pasteOpen, setPasteOpen] = useState(false)
  const [pasted, setPasted] = useState('')
  const [read, setRead] = useState<PastedCertificate | null>(null)
  /** The certificate's lines not read: each is dismissed, once the maker has entered what it says, before Save. */
  const [unread, setUnread] = useState<UnreadCertificateLine[]>([])
  const focusNext = useRef<string | null>(null)
  const [focusTick, setFocusTick] = useState(0)
  const setFocus = (fieldId: string) => {
    focusNext.current = fieldId
    setFocusTick((n) => n + 1)
  }
  useEffect(() => {
    if (focusNext.current === null) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  }, [focusTick])

  const rowId = (category: IfraCategory) => `${id}-cat-${category}`
  const unreadId = (line: number) => `${id}-unread-${line}`
  const setRow = (category: IfraCategory, row: Partial<CategoryRow>) =>
    setValues((v) => ({ ...v, rows: { ...v.rows, [category]: { ...v.rows[category], ...row } } }))

  function readCertificate(text = pasted) {
    const result = parseIfraCertificatePaste(text)
    setRead(result)
    setUnread(result.problems)
    setValues((v) => withPasted(v, result))
    setErrors(NO_ERRORS)
    setMessage(null)
  }

  function dismiss(line: UnreadCertificateLine) {
    const rest = unread.filter((l) => l !== line)
    setUnread(rest)
    setFocus(rest.length > 0 ? `${unreadId(rest[0]!.line)}-dismiss` : `${id}-sheet`)
  }

  async function submitNow() {
    const checked = certificateBody(values, navigator.language)
    if ('errors' in checked) {
      setErrors(checked.errors)
      setMessage(t('shelf.ifra.checkFields'))
      const first = checked.errors.amendment
        ? `${id}-amendment`
        : checked.errors.issuedOn
          ? `${id}-date`
          : IFRA_CATEGORIES.find((c) => checked.errors.rows[c])
      setFocus(first === undefined ? rowId('1') : first.startsWith(id) ? first : rowId(first as IfraCategory))
      return
    }
    setErrors(NO_ERRORS)
    try {
      await save.mutateAsync(checked.body)
      toast.success(t('shelf.ifra.saved'))
      onDone()
    } catch (err) {
      // What was typed stays; the server's reason is said in plain words.
      setMessage(err instanceof Error ? err.message : t('shelf.ifra.saveFailed'))
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    // A certificate read in part is not a certificate: each unread line is dismissed first.
    if (unread.length > 0) {
      setPasteOpen(true)
      setMessage(t('shelf.ifra.unreadBeforeSave', { count: unread.length }))
      setFocus(`${unreadId(unread[0]!.line)}-dismiss`)
      return
    }
    void singleFlight(submitNow)
  }

  async function removeCertificate() {
    try {
      await remove.mutateAsync()
      toast.success(t('shelf.ifra.removed'))
      onDone()
    } catch (err) {
      setMessage(err instanceof Error ? err.message : t('shelf.ifra.removeFailed'))
    }
  }

  const given = IFRA_CATEGORIES.filter((c) => values.rows[c].noRestriction || values.rows[c].text.trim() !== '').length

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-describedby={message ? `${id}-message` : undefined}>
      {header}
      {message ? (
        <p
          id={`${id}-message`}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {message}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amendment`}>{t('shelf.ifra.amendment')}</Label>
          <Input
            id={`${id}-amendment`}
            value={values.amendment}
            maxLength={40}
            placeholder={t('shelf.ifra.amendmentPlaceholder')}
            aria-invalid={errors.amendment ? true : undefined}
            aria-describedby={errors.amendment ? `${id}-amendment-error` : undefined}
            onChange={(event) => setValues((v) => ({ ...v, amendment: event.target.value }))}
          />
          {errors.amendment ? (
            <p id={`${id}-amendment-error`} className="text-sm text-destructive">
              {shown(errors.amendment)}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-date`}>{t('shelf.ifra.date')}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={values.issuedOn}
            aria-invalid={errors.issuedOn ? true : undefined}
            aria-describedby={errors.issuedOn ? `${id}-date-error` : undefined}
            onChange={(event) => setValues((v) => ({ ...v, issuedOn: event.target.value }))}
          />
          {errors.issuedOn ? (
            <p id={`${id}-date-error`} className="text-sm text-destructive">
              {shown(errors.issuedOn)}
            </p>
          ) : null}
        </div>
      </div>

      <section aria-labelledby={`${id}-paste`} className="grid gap-3 rounded-lg border border-border p-3">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={pasteOpen}
          aria-controls={`${id}-paste-panel`}
          id={`${id}-paste`}
          onClick={() => setPasteOpen((open) => !open)}
        >
          <ClipboardPaste aria-hidden="true" />
          {t('shelf.ifra.pasteOpen')}
        </Button>
        <div id={`${id}-paste-panel`} hidden={!pasteOpen} className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-sheet`}>{t('shelf.ifra.pasteText')}</Label>
            <Textarea
              id={`${id}-sheet`}
              rows={6}
              wrap="off"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              aria-describedby={`${id}-sheet-hint`}
              placeholder={t('shelf.ifra.pastePlaceholder')}
              className="font-mono"
            />
            <p id={`${id}-sheet-hint`} className="text-xs text-muted-foreground">
              {t('shelf.ifra.pasteHint')}
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={pasted.trim() === ''}
              onClick={() => readCertificate()}
            >
              {t('shelf.ifra.pasteRead')}
            </Button>
            {pasteOpen ? (
              <LazyPdfReader
                bottleId={bottle.id}
                kind="ifra-certificate"
                onText={(text) => {
                  setPasted(text)
                  readCertificate(text)
                }}
              />
            ) : null}
          </div>
          {read ? (
            <div role="status" className="grid content-start gap-2 text-sm">
              <p className="text-foreground">
                {read.limits.length === 0
                  ? t('shelf.ifra.readNothing')
                  : t(
                      read.amendment
                        ? read.issuedOn
                          ? 'shelf.ifra.readAmendmentAndDate'
                          : 'shelf.ifra.readAmendment'
                        : read.issuedOn
                          ? 'shelf.ifra.readNoAmendmentAndDate'
                          : 'shelf.ifra.readNoAmendment',
                      { count: read.limits.length, amendment: read.amendment },
                    )}
              </p>
              {unread.length > 0 ? (
                <section aria-labelledby={`${id}-unread`} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                  <h3 id={`${id}-unread`} className="font-medium">
                    {t('shelf.paste.unreadTitle', { count: unread.length })}
                  </h3>
                  <ul className="mt-2 grid gap-3">
                    {unread.map((line) => (
                      <li key={`${line.line}-${line.message}`} id={unreadId(line.line)} className="grid gap-1">
                        <p>
                          <span className="font-medium">{`${t('shelf.paste.line', { line: line.line })} `}</span>
                          <span className="break-all font-mono text-xs">{line.text}</span>
                        </p>
                        <p>{certificateNoteText(t, line.note)}</p>
                        <div className="flex flex-wrap gap-2">
                          {line.categories?.[0] ? (
                            <Button
                              type="button"
                              variant="outline"
                              size="sm"
                              aria-label={t('shelf.ifra.goToCategoryOf', { category: line.categories[0], line: line.line })}
                              onClick={() => setFocus(rowId(line.categories![0]!))}
                            >
                              {t('shelf.ifra.goToCategory', { category: line.categories[0] })}
                            </Button>
                          ) : null}
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            id={`${unreadId(line.line)}-dismiss`}
                            aria-label={t('shelf.paste.dismissOf', { line: line.line })}
                            onClick={() => dismiss(line)}
                          >
                            {t('shelf.paste.dismiss')}
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : read.problems.length > 0 ? (
                <p className="text-muted-foreground">{t('shelf.ifra.allDismissed')}</p>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>

      <fieldset className="grid gap-2" aria-describedby={`${id}-rows-hint${errors.limits ? ` ${id}-rows-error` : ''}`}>
        <legend className="text-sm font-medium text-foreground">{t('shelf.ifra.rows')}</legend>
        <p id={`${id}-rows-hint`} className="text-xs text-muted-foreground">
          {t('shelf.ifra.given', { given, total: IFRA_CATEGORIES.length })}
        </p>
        {errors.limits ? (
          <p id={`${id}-rows-error`} className="text-sm text-destructive">
            {shown(errors.limits)}
          </p>
        ) : null}
        <ul className="grid max-h-[22rem] gap-2 overflow-y-auto pr-1">
          {IFRA_CATEGORIES.map((category) => {
            const row = values.rows[category]
            const error = shown(errors.rows[category])
            return (
              <li
                key={category}
                className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1fr)_6.5rem_9rem]"
              >
                <label htmlFor={rowId(category)} className="text-sm text-foreground">
                  <span className="font-medium">{t('shelf.ifra.category', { category })}</span>
                  <span className="block text-xs text-muted-foreground">{ifraCategoryName(t, category)}</span>
                </label>
                <div className="flex items-center gap-1">
                  <Input
                    id={rowId(category)}
                    inputMode="decimal"
                    value={row.noRestriction ? '' : row.text}
                    disabled={row.noRestriction}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${rowId(category)}-error` : undefined}
                    onChange={(event) => setRow(category, { text: event.target.value })}
                  />
                  <span aria-hidden="true" className="text-sm text-muted-foreground">
                    %
                  </span>
                </div>
                <label className="col-span-2 flex cursor-pointer items-center gap-2 text-sm text-foreground sm:col-span-1">
                  <input
                    type="checkbox"
                    aria-label={t('shelf.ifra.noRestrictionOf', { category })}
                    className="size-4 accent-primary"
                    checked={row.noRestriction}
                    onChange={(event) => setRow(category, { noRestriction: event.target.checked })}
                  />
                  <span>{t('shelf.ifra.noRestriction')}</span>
                </label>
                {error ? (
                  <p id={`${rowId(category)}-error`} className="col-span-2 text-sm text-destructive sm:col-span-3">
                    {error}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      </fieldset>

      <DialogFooter className="gap-2 sm:justify-between">
        {current ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" className="text-destructive hover:bg-destructive/10">
                <Trash2 aria-hidden="true" />
                {t('shelf.ifra.remove')}
              </Button>
            }
            title={t('shelf.ifra.removeTitle')}
            description={t('shelf.ifra.removeDescription', { oil: bottle.oilName })}
            icon={Trash2}
            confirmLabel={t('shelf.ifra.remove')}
            pendingLabel={t('shelf.removing')}
            onConfirm={removeCertificate}
          />
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose asChild>
            <Button variant="outline" type="button">
              {t('shelf.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending} aria-disabled={save.isPending || undefined}>
            {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
            {save.isPending ? t('shelf.saving') : t('shelf.ifra.save')}
          </Button>
        </div>
      </DialogFooter>
    </form>
  )
}
