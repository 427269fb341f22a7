import { zodResolver } from '@hookform/resolvers/zod'
import { ClipboardPaste, LoaderCircle, Plus, Trash2, X } from 'lucide-react'
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors as FormErrors } from 'react-hook-form'
import type { Bottle } from '#shared/api/shelf.ts'
import type { BottleDeclaration } from '#shared/api/labels.ts'
import { DECLARATION_BASES } from '#shared/api/labels.ts'
import { parseDeclarationPaste, type PastedDeclaration, type UnreadLine } from '#shared/domain/declaration-paste.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { DialogClose, DialogFooter } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useDeclaration, useRemoveDeclaration, useSaveDeclaration } from '#client/features/shelf/api/declarations.ts'
import { BottleSheetPanel, lotOf } from '#client/features/shelf/components/bottle-sheet.tsx'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { declarationNoteText } from '#client/features/shelf/lib/paste-notes.ts'
import { LazyPdfReader } from '#client/features/shelf/components/lazy-pdf-reader.tsx'
import { AllergenCombobox } from '#client/features/shelf/components/allergen-combobox.tsx'
import {
  BASIS_LABELS,
  DeclarationFormSchema,
  declarationFieldErrors,
  EMPTY_ROW,
  valuesOfDeclaration,
  type DeclarationBody,
  type DeclarationField,
  type DeclarationFormValues,
} from '#client/features/shelf/lib/declaration-form.ts'

const resolver = zodResolver(DeclarationFormSchema)

/**
 * The allergen dialog's content: loads the bottle's declaration, then the form. Loaded on its own
 * (a chunk with the form library, the annex's entries and the paste reader), after the shelf.
 */
export function DeclarationPanel({ bottle, onDone }: { bottle: Bottle; onDone: () => void }) {
  const t = useMessages()
  const declaration = useDeclaration(bottle.id)
  const lot = lotOf(t, bottle)
  return (
    <BottleSheetPanel
      title={t('shelf.declaration.title', { oil: bottle.oilName })}
      description={lot ? t('shelf.declaration.descriptionOfLot', { lot }) : t('shelf.declaration.description')}
      query={declaration}
      loadingLabel={t('shelf.declaration.loading')}
      errorMessage={t('shelf.declaration.loadError')}
    >
      {(data, header) => <DeclarationForm bottle={bottle} header={header} current={data.declaration} onDone={onDone} />}
    </BottleSheetPanel>
  )
}

function DeclarationForm({
  bottle,
  header,
  current,
  onDone,
}: {
  bottle: Bottle
  header: ReactNode
  current: BottleDeclaration | null
  onDone: () => void
}) {
  const t = useMessages()
  // The schema's messages are catalog ids; the server's are shown as they come.
  const shown = (text: string | undefined) => (text?.startsWith('shelf.') ? t(text) : text)
  const id = useId()
  const save = useSaveDeclaration(bottle.id)
  const remove = useRemoveDeclaration(bottle.id)
  const singleFlight = useSingleFlight()
  const form = useForm<DeclarationFormValues, unknown, DeclarationBody>({
    defaultValues: valuesOfDeclaration(current),
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const rows = useFieldArray({ control: form.control, name: 'items' })
  const { errors } = form.formState
  const [message, setMessage] = useState<string | null>(null)
  const [pasteOpen, setPasteOpen] = useState(false)
  const [pasted, setPasted] = useState('')
  const [read, setRead] = useState<PastedDeclaration | null>(null)
  /** The sheet's lines not read yet: each is added as a row or dismissed before Save. */
  const [unread, setUnread] = useState<UnreadLine[]>([])
  /** The rows set aside while "Declares no Annex III allergen" is ticked, given back when it is not. */
  const setAside = useRef<DeclarationFormValues['items']>([])
  /** A field to focus once it is drawn (a row just added, the panel just opened), and a render to draw it. */
  const focusNext = useRef<string | null>(null)
  const [, redraw] = useReducer((n: number) => n + 1, 0)
  const setFocusNext = (fieldId: string) => {
    focusNext.current = fieldId
    redraw()
  }
  const declaresNone = useWatch({ control: form.control, name: 'declaresNone' })
  const items = useWatch({ control: form.control, name: 'items' })

  const entryFieldId = (index: number) => `${id}-item-${index}-entry`
  const percentFieldId = (index: number) => `${id}-item-${index}-percent`
  const unreadId = (line: number) => `${id}-unread-${line}`

  useEffect(() => {
    if (focusNext.current === null) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  })

  function setNone(none: boolean) {
    if (none === form.getValues('declaresNone')) return
    if (none) {
      setAside.current = form.getValues('items')
      rows.replace([])
    } else rows.replace(setAside.current.length > 0 ? setAside.current : [{ ...EMPTY_ROW }])
    form.setValue('declaresNone', none)
    form.clearErrors()
  }

  /** An unread line the maker maps to an entry: a row for it (its entry chosen when the line named one), to fill in. */
  function addAsRow(line: UnreadLine) {
    if (form.getValues('declaresNone')) setNone(false)
    const index = form.getValues('items').length
    rows.append({ entryId: line.entryId ?? '', percent: '', upTo: false }, { shouldFocus: false })
    setUnread((lines) => lines.filter((l) => l !== line))
    setFocusNext(line.entryId ? percentFieldId(index) : entryFieldId(index))
  }

  function dismiss(line: UnreadLine) {
    const rest = unread.filter((l) => l !== line)
    setUnread(rest)
    setFocusNext(rest.length > 0 ? `${unreadId(rest[0]!.line)}-add` : `${id}-sheet`)
  }

  function focusFirst(found: { index: number; part: 'entryId' | 'percent' } | null) {
    if (found) document.getElementById(found.part === 'entryId' ? entryFieldId(found.index) : percentFieldId(found.index))?.focus()
  }

  function firstRowError(found: FormErrors<DeclarationFormValues>['items']): { index: number; part: 'entryId' | 'percent' } | null {
    if (!Array.isArray(found)) return null
    for (const [index, row] of found.entries()) {
      if (row?.entryId) return { index, part: 'entryId' }
      if (row?.percent) return { index, part: 'percent' }
    }
    return null
  }

  const onInvalid = (found: FormErrors<DeclarationFormValues>) => {
    setMessage(t('shelf.form.checkFields'))
    focusFirst(firstRowError(found.items))
  }

  const handle = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      await save.mutateAsync(body)
      toast.success(t('shelf.declaration.saved'), {
        description: body.declaresNone
          ? t('shelf.declaration.savedNone', { oil: bottle.oilName })
          : t('shelf.declaration.savedCount', { count: body.items.length, oil: bottle.oilName }),
      })
      onDone()
    } catch (err) {
      const refused = declarationFieldErrors(err)
      for (const [field, text] of Object.entries(refused.fields))
        form.setError(field as DeclarationField, { type: 'server', message: text })
      setMessage(refused.message)
      const first = Object.keys(refused.fields)
        .map((field) => /^items\.(\d+)\.(entryId|percent)$/.exec(field))
        .find(Boolean)
      focusFirst(first ? { index: Number(first[1]), part: first[2] as 'entryId' | 'percent' } : null)
    }
  }, onInvalid)

  function submit(event: FormEvent) {
    event.preventDefault()
    // A sheet read in part is not a declaration: each unread line is resolved or dismissed first.
    if (unread.length > 0) {
      setPasteOpen(true)
      setMessage(t('shelf.paste.unreadBeforeSave', { count: unread.length }))
      setFocusNext(`${unreadId(unread[0]!.line)}-add`)
      return
    }
    void singleFlight(() => handle(event))
  }

  function readSheet(text = pasted) {
    const result = parseDeclarationPaste(text)
    setRead(result)
    setUnread(result.problems)
    if (result.declaresNone) {
      setNone(true)
      setMessage(null)
    } else if (result.items.length > 0) {
      form.setValue('declaresNone', false)
      rows.replace(result.items.map((item) => ({ entryId: item.entryId, percent: String(item.percent), upTo: item.upTo === true })))
      form.clearErrors()
      setMessage(null)
    }
  }

  async function removeDeclaration() {
    try {
      await remove.mutateAsync()
      toast.success(t('shelf.declaration.removed'), { description: t('shelf.declaration.removedDescription', { oil: bottle.oilName }) })
      onDone()
    } catch (error) {
      toast.error(t('shelf.declaration.removeFailed'), { description: error instanceof Error ? error.message : t('shelf.tryAgain') })
      return 'stay' as const
    }
  }

  const rowError = (index: number) =>
    (Array.isArray(errors.items) ? errors.items[index] : undefined) as
      { entryId?: { message?: string }; percent?: { message?: string } } | undefined
  const listError = shown(errors.items?.root?.message ?? errors.items?.message)

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      {header}
      {message ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">{t('shelf.declaration.basis')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {DECLARATION_BASES.map((basis) => (
            <label key={basis} className="inline-flex cursor-pointer items-center gap-2 text-sm text-foreground">
              <input type="radio" value={basis} className="size-4 accent-primary" {...form.register('basis')} />
              {t(BASIS_LABELS[basis])}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('shelf.declaration.basisHint')}</p>
      </fieldset>

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
          {t('shelf.paste.open')}
        </Button>
        <div id={`${id}-paste-panel`} hidden={!pasteOpen} className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-sheet`}>{t('shelf.paste.sheet')}</Label>
            <Textarea
              id={`${id}-sheet`}
              rows={6}
              wrap="off"
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
              aria-describedby={`${id}-sheet-hint`}
              placeholder={t('shelf.declaration.pastePlaceholder')}
              className="font-mono"
            />
            <p id={`${id}-sheet-hint`} className="text-xs text-muted-foreground">
              {t('shelf.declaration.pasteHint')}
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={pasted.trim() === ''}
              onClick={() => readSheet()}
            >
              {t('shelf.paste.read')}
            </Button>
            {pasteOpen ? (
              <LazyPdfReader
                bottleId={bottle.id}
                kind="allergen-declaration"
                onText={(text) => {
                  setPasted(text)
                  readSheet(text)
                }}
              />
            ) : null}
          </div>
          {read ? (
            <div role="status" className="grid content-start gap-2 text-sm">
              <p className="text-foreground">
                {read.declaresNone
                  ? t('shelf.declaration.readNone')
                  : read.items.length === 0
                    ? t('shelf.declaration.readNothing')
                    : t('shelf.declaration.readCount', { count: read.items.length })}
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
                        <p>{declarationNoteText(t, currentLanguage(), line.note)}</p>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            type="button"
                            variant="outline"
                            size="sm"
                            id={`${unreadId(line.line)}-add`}
                            aria-label={t('shelf.paste.addLineOf', { line: line.line })}
                            onClick={() => addAsRow(line)}
                          >
                            {t('shelf.paste.addLine')}
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
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
                <p className="text-muted-foreground">{t('shelf.paste.allResolved')}</p>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>

      <label className="flex cursor-pointer items-start gap-2 text-sm text-foreground">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={declaresNone}
          onChange={(event) => setNone(event.target.checked)}
          aria-describedby={`${id}-none-hint`}
        />
        <span className="grid gap-0.5">
          <span className="font-medium">{t('shelf.card.declaresNone')}</span>
          <span id={`${id}-none-hint`} className="text-xs text-muted-foreground">
            {t('shelf.declaration.noneHint')}
          </span>
        </span>
      </label>

      <fieldset className="grid gap-3" hidden={declaresNone}>
        <legend className="mb-1 text-sm font-medium text-foreground">{t('shelf.declaration.rows')}</legend>
        {rows.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('shelf.declaration.noRows')}</p> : null}
        <ol className="grid gap-3">
          {rows.fields.map((field, index) => {
            const error = rowError(index)
            const entryError = shown(error?.entryId?.message)
            const percentError = shown(error?.percent?.message)
            const upTo = items[index]?.upTo === true
            return (
              <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-start gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={entryFieldId(index)} className="sr-only">
                    {t('shelf.declaration.rowAllergen', { n: index + 1 })}
                  </Label>
                  <Controller
                    control={form.control}
                    name={`items.${index}.entryId`}
                    render={({ field: entry }) => (
                      <AllergenCombobox
                        id={entryFieldId(index)}
                        entryId={entry.value}
                        onChange={entry.onChange}
                        describedBy={entryError ? `${entryFieldId(index)}-error` : undefined}
                      />
                    )}
                  />
                  {entryError ? (
                    <p id={`${entryFieldId(index)}-error`} className="text-xs font-medium text-destructive">
                      {entryError}
                    </p>
                  ) : null}
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={percentFieldId(index)} className="sr-only">
                    {t('shelf.declaration.rowPercent', { n: index + 1 })}
                  </Label>
                  <div className="relative">
                    <Input
                      id={percentFieldId(index)}
                      inputMode="decimal"
                      autoComplete="off"
                      className="pr-7 text-right tabular-nums"
                      aria-invalid={percentError ? true : undefined}
                      aria-describedby={
                        [percentError ? `${percentFieldId(index)}-error` : null, upTo ? `${percentFieldId(index)}-upto` : null]
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                      {...form.register(`items.${index}.percent`, {
                        // The lot's own figure typed over the sheet's limit: no longer a limit.
                        onChange: () => form.setValue(`items.${index}.upTo`, false),
                      })}
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-sm text-muted-foreground"
                    >
                      %
                    </span>
                  </div>
                  {percentError ? (
                    <p id={`${percentFieldId(index)}-error`} className="text-xs font-medium text-destructive">
                      {percentError}
                    </p>
                  ) : null}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('shelf.declaration.rowRemove', { n: index + 1 })}
                  onClick={() => rows.remove(index)}
                >
                  <X aria-hidden="true" />
                </Button>
                {upTo ? (
                  <p id={`${percentFieldId(index)}-upto`} className="col-span-3 -mt-1 text-xs text-muted-foreground">
                    {t('shelf.declaration.upTo')}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ol>
        {listError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {listError}
          </p>
        ) : null}
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => rows.append({ ...EMPTY_ROW })}>
          <Plus aria-hidden="true" />
          {t('shelf.declaration.addRow')}
        </Button>
      </fieldset>

      <DialogFooter className="gap-2 sm:justify-between">
        {current ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="ghost" className="text-destructive hover:bg-destructive/10">
                <Trash2 aria-hidden="true" />
                {t('shelf.declaration.remove')}
              </Button>
            }
            title={t('shelf.declaration.removeTitle')}
            description={t('shelf.declaration.removeDescription', { oil: bottle.oilName })}
            icon={Trash2}
            confirmLabel={t('shelf.declaration.remove')}
            pendingLabel={t('shelf.removing')}
            onConfirm={removeDeclaration}
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
            {save.isPending ? t('shelf.saving') : t('shelf.declaration.save')}
          </Button>
        </div>
      </DialogFooter>
    </form>
  )
}
