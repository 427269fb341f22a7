import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useMemo, useState } from 'react'
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form'
import { Plus } from 'lucide-react'
import { z } from 'zod'
import { CreateJournalEntrySchema } from '#shared/api/journal.ts'
import type { Batch } from '#shared/api/shelf.ts'
import { isCalendarDate, todayIn } from '#shared/domain/calendar-date.ts'
import { newTestEntryDraft, type TestEntryDraft } from '#shared/domain/maturation.ts'
import { readAddTestTarget, type AddTestTarget } from '#shared/domain/add-test-link.ts'
import { addTestAnchor } from '#shared/domain/ready-to-test.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { madeDateProblemKindOn } from '#shared/domain/made-date.ts'
import { testDateProblemKindOn, testDay } from '#shared/domain/test-dates.ts'
import { dateProblemText } from '#client/features/journal/lib/date-problems.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError, isNotOnDevice } from '#client/lib/api-client.ts'
import { useBatchPages } from '#client/lib/batches.ts'
import { useCreateTestEntry } from '#client/features/journal/api/create-test-entry.ts'
import { useAimsAt } from '#client/features/journal/lib/add-test-aim.ts'
import { isQueued, OFFLINE_SAVED_DESCRIPTION, OFFLINE_SAVED_TITLE } from '#client/lib/offline/queued.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { formatDay } from '#client/features/journal/lib/format.ts'
import { TEXTAREA_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { StarRating } from '#client/features/journal/components/star-rating.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

const entry = CreateJournalEntrySchema.shape

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * The form's fields with the request's own rules (CreateJournalEntrySchema) and the days' rule
 * (src/shared/domain/test-dates.ts): calendar days as the date inputs give them, made and tested
 * not after the device's today, tested not before the making, and notes as typed (blank is sent as
 * none). On the Original Blend card an entry needs notes or a rating: a rating alone is an entry
 * everywhere (docs/product.md §5, decision 052).
 */
function testEntryFormSchema(variant: 'original' | 'version', t: Translate) {
  return z
    .object({
      dateMade: z.string().refine(isCalendarDate, t('journal.dates.chooseMade')),
      dateTested: z.string(),
      batchId: z.string(),
      notes: entry.notes.unwrap().unwrap(),
      rating: entry.rating.unwrap(),
      tested: entry.tested.unwrap(),
      maturationPeriod: entry.maturationPeriod.unwrap(),
    })
    .superRefine((draft, ctx) => {
      if (variant === 'original' && draft.notes.trim() === '' && draft.rating === null) {
        ctx.addIssue({ code: 'custom', path: ['notes'], message: t('journal.form.notesNeeded') })
      }
      if (!isCalendarDate(draft.dateMade)) return
      const madeProblem = dateProblemText(t, madeDateProblemKindOn(draft.dateMade, todayIn()))
      if (madeProblem) return ctx.addIssue({ code: 'custom', path: ['dateMade'], message: madeProblem })
      if (!draft.tested) return
      if (!isCalendarDate(draft.dateTested))
        return ctx.addIssue({ code: 'custom', path: ['dateTested'], message: t('journal.dates.chooseTested') })
      const problem = dateProblemText(t, testDateProblemKindOn(draft.dateMade, draft.dateTested, todayIn()))
      if (problem) ctx.addIssue({ code: 'custom', path: ['dateTested'], message: problem })
    }) satisfies z.ZodType<TestEntryDraft, TestEntryDraft>
}

/** "Made 20 Nov · 500 g Lotion": a recorded batch, as the batch choice lists it. */
export function batchLabel(t: Translate, batch: Batch, today: string): string {
  const product = productTypeById(batch.productType)?.label ?? (batch.productType === 'other' ? null : batch.productType)
  return [
    t('journal.dates.made', { date: formatDay(batch.madeOn, today) }),
    `${batch.weight} ${batch.unit}${product ? ` ${product.toLowerCase()}` : ''}`,
  ].join(' · ')
}

/** "Made 24 Nov": a batch the address named, while the blend's batch list is not at hand (offline, or loading). */
function namedBatchLabel(t: Translate, madeOn: string, today: string): string {
  return t('journal.dates.made', { date: formatDay(madeOn, today) })
}

/** Where this session keeps the made day and batch of a version's last entry (decision 052). */
const rememberedKey = (versionId: number) => `accord.test-made.${versionId}`

type MadeChoice = { dateMade: string; batchId: string }

/** The made day (and batch) of the last entry saved on this version in this session, if any. */
function rememberedMade(versionId: number | null): MadeChoice | null {
  if (versionId === null) return null
  try {
    const saved = JSON.parse(sessionStorage.getItem(rememberedKey(versionId)) ?? 'null') as Partial<MadeChoice> | null
    return saved && typeof saved.dateMade === 'string' && isCalendarDate(saved.dateMade)
      ? { dateMade: saved.dateMade, batchId: typeof saved.batchId === 'string' ? saved.batchId : '' }
      : null
  } catch {
    return null
  }
}

function rememberMade(versionId: number, choice: MadeChoice): void {
  try {
    sessionStorage.setItem(rememberedKey(versionId), JSON.stringify(choice))
  } catch {
    // Storage refused (private mode, full): the form then starts at today, as before.
  }
}

/**
 * The batch and made day the address names for this form (a Ready to test row, a reminder's link,
 * a batch's line: addTestPath), when it is aimed at this version.
 */
function addressTarget(versionId: number | null): AddTestTarget | null {
  if (versionId === null || typeof window === 'undefined' || window.location.hash !== `#${addTestAnchor(versionId)}`) return null
  return readAddTestTarget(window.location.search)
}

/**
 * The draft a form opens with: today, on the batch and made day its address names, else on the
 * made day of the last entry saved here this session, else made today.
 */
function openingDraft(versionId: number | null, target: AddTestTarget | null): TestEntryDraft {
  const fresh = newTestEntryDraft(todayIn())
  if (target) return { ...fresh, dateMade: target.madeOn, batchId: target.batchId === null ? '' : String(target.batchId) }
  const remembered = rememberedMade(versionId)
  return remembered ? { ...fresh, ...remembered } : fresh
}

/** The problem the server found with one of the form's fields (the one error shape's details), if any. */
function fieldProblem(error: unknown, field: 'dateMade' | 'dateTested'): string | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null
  const detail = (error.details as { path?: unknown; message?: unknown }[]).find((d) => d.path === `body.${field}`)
  return typeof detail?.message === 'string' ? detail.message : null
}

/**
 * The add-test form (docs/product.md §4 "Test entry"): made and tested today, no notes, no rating,
 * tested, 48 h; the days can be set earlier (docs/product.md "Time as the maker lived it"), and a
 * recorded batch of the blend gives its made day. On the Original Blend card notes are required
 * (docs/product.md §5); a version's form takes an entry without notes. The two report failures with
 * the spec's two messages (§8). Loaded through add-test-entry-form.tsx, so the form library is not
 * part of the journal's own chunk.
 */
export function AddTestEntryFields({
  projectId,
  versionId,
  variant,
}: {
  projectId: number
  versionId: number | null
  variant: 'original' | 'version'
}) {
  const t = useMessages()
  const schema = useMemo(() => testEntryFormSchema(variant, t), [variant, t])
  // Read as the form opens, and again when a batch's "Add test entry" on this page aims it.
  const [target, setTarget] = useState(() => addressTarget(versionId))
  const form = useForm<TestEntryDraft>({
    defaultValues: openingDraft(versionId, target),
    resolver: zodResolver(schema, {
      error: (issue) => (issue.path?.[0] === 'maturationPeriod' ? t('journal.form.maturationProblem') : undefined),
    }),
    reValidateMode: 'onSubmit',
  })
  const aims = useAimsAt(versionId)
  const [seenAims, setSeenAims] = useState(aims)
  if (aims !== seenAims) {
    setSeenAims(aims)
    setTarget(addressTarget(versionId))
  }
  useEffect(() => {
    if (aims === 0 || versionId === null) return
    form.reset(openingDraft(versionId, addressTarget(versionId)))
    const frame = document.getElementById(addTestAnchor(versionId))
    frame?.scrollIntoView({ block: 'start' })
    frame?.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true })
  }, [aims, versionId, form])
  const { errors } = form.formState
  const create = useCreateTestEntry()
  const singleFlight = useSingleFlight()
  const id = useId()
  const [notes, rating, tested, batchId, dateMade, dateTested] = useWatch({
    control: form.control,
    name: ['notes', 'rating', 'tested', 'batchId', 'dateMade', 'dateTested'],
  })
  const needsNotes = variant === 'original' && notes.trim() === '' && rating === null
  const batchPages = useBatchPages(projectId)
  const batches = batchPages.data?.pages.flatMap((page) => page.items) ?? []
  const today = todayIn()
  // The batch the address named stays a choice when the list is not at hand (offline, or loading).
  const namedBatch =
    target?.batchId != null && !batches.some((b) => b.id === target.batchId) ? { id: target.batchId, madeOn: target.madeOn } : null
  const batchChoices = [
    ...(namedBatch ? [{ id: namedBatch.id, label: namedBatchLabel(t, namedBatch.madeOn, today) }] : []),
    ...batches.map((batch) => ({ id: batch.id, label: batchLabel(t, batch, today) })),
  ]
  // The list arriving puts the chosen batch's own line in place: the choice stays as it was.
  const batchCount = batches.length
  useEffect(() => {
    const chosen = form.getValues('batchId')
    if (chosen) form.setValue('batchId', chosen)
  }, [batchCount, form])
  const day =
    tested && isCalendarDate(dateMade) && isCalendarDate(dateTested) && dateTested >= dateMade ? testDay(dateMade, dateTested) : null

  const submit = form.handleSubmit((draft) => {
    if (versionId === null) return
    const body = {
      versionId,
      notes: draft.notes.trim() ? draft.notes : null,
      rating: draft.rating,
      tested: draft.tested,
      dateMade: draft.dateMade,
      dateTested: draft.tested ? draft.dateTested : null,
      ...(draft.batchId ? { batchId: Number(draft.batchId) } : {}),
      maturationPeriod: draft.maturationPeriod,
    }
    // A second press while this entry is being added is ignored (settling frees the button).
    singleFlight(
      () =>
        new Promise<void>((settled) =>
          create.mutate(body, {
            onSuccess: (entry) => {
              if (isQueued(entry)) toast.success(OFFLINE_SAVED_TITLE, { description: OFFLINE_SAVED_DESCRIPTION })
              else
                toast.success(variant === 'original' ? t('journal.form.added') : t('journal.form.saved'), {
                  description: entry.referenceNumber,
                })
              // The next entry keeps the made day and batch for the rest of the session (decision 052).
              const made = { dateMade: draft.dateMade, batchId: draft.batchId }
              rememberMade(versionId, made)
              form.reset({ ...newTestEntryDraft(todayIn()), ...made })
            },
            onError: (error) => {
              // A day the server refused is said beside its field, with what was typed kept.
              const dayProblems = (['dateMade', 'dateTested'] as const).flatMap((field) => {
                const message = fieldProblem(error, field)
                return message ? [[field, message] as const] : []
              })
              for (const [field, message] of dayProblems) form.setError(field, { message }, { shouldFocus: true })
              if (dayProblems.length > 0) return
              toast.error(t('journal.form.saveFailed'), {
                description: variant === 'original' ? t('journal.form.saveFailedText') : t('journal.form.tryAgain'),
              })
            },
            onSettled: () => settled(),
          }),
        ),
    )
  })
  const describedBy = (field: keyof TestEntryDraft) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}
  const madeField = form.register('dateMade', {
    // A made day typed by hand is no longer the chosen batch's.
    onChange: () => form.setValue('batchId', ''),
  })
  const batchField = form.register('batchId', {
    onChange: (event: { target: { value: string } }) => {
      const batch =
        batches.find((b) => String(b.id) === event.target.value) ??
        (namedBatch && String(namedBatch.id) === event.target.value ? namedBatch : null)
      if (batch) form.setValue('dateMade', batch.madeOn, { shouldDirty: true })
    },
  })

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-dashed border-input/50 bg-background p-4"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-foreground">
        {t('journal.waiting.newEntry')}
      </h4>
      {batches.length === 0 && !namedBatch && isNotOnDevice(batchPages.error) ? (
        // Offline, and this blend's batches were never loaded here: said, rather than the choice vanishing.
        <p className="text-sm text-muted-foreground">{t('journal.form.batchesNotOnDevice')}</p>
      ) : null}
      {batches.length > 0 || namedBatch ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-batch`}>{t('journal.form.batch')}</Label>
          <Select id={`${id}-batch`} className="w-full" {...batchField}>
            <option value="">{t('journal.form.noBatch')}</option>
            {batchChoices.map((choice) => (
              <option key={choice.id} value={String(choice.id)}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-dateMade`}>{t('journal.dates.madeLabel')}</Label>
          <Input id={`${id}-dateMade`} type="date" max={today} aria-required="true" {...describedBy('dateMade')} {...madeField} />
          {batchId ? <p className="text-xs text-muted-foreground">{t('journal.form.fromBatch')}</p> : null}
          <FieldMessage id={`${id}-dateMade-error`} error={errors.dateMade} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-dateTested`}>{t('journal.dates.testedLabel')}</Label>
          <Input
            id={`${id}-dateTested`}
            type="date"
            max={today}
            aria-required={tested}
            disabled={!tested}
            {...describedBy('dateTested')}
            {...form.register('dateTested')}
          />
          <FieldMessage id={`${id}-dateTested-error`} error={errors.dateTested} />
        </div>
      </div>
      {day !== null ? (
        <p aria-live="polite" className="-mt-2 text-sm font-medium text-foreground">
          {t('journal.form.testedOnDay', { day })}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-maturation`}>{t('journal.form.maturation')}</Label>
          <Input
            id={`${id}-maturation`}
            type="number"
            inputMode="numeric"
            min={0}
            max={8760}
            step={1}
            {...describedBy('maturationPeriod')}
            {...form.register('maturationPeriod', { valueAsNumber: true })}
          />
          <FieldMessage id={`${id}-maturationPeriod-error`} error={errors.maturationPeriod} />
        </div>
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium text-foreground">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('tested')} />
          {t('journal.form.tested')}
        </label>
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-foreground">{t('journal.form.rating')}</span>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => <StarRating value={field.value} label={t('journal.form.ratingNew')} onChange={field.onChange} />}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>{variant === 'original' ? t('journal.entry.notesLabel') : t('journal.form.notesOptional')}</Label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={10_000}
          className={TEXTAREA_CLASS}
          placeholder={t('journal.form.notesPlaceholder')}
          {...describedBy('notes')}
          {...form.register('notes')}
        />
        <FieldMessage id={`${id}-notes-error`} error={errors.notes} />
      </div>
      <div>
        <Button type="submit" disabled={versionId === null || needsNotes || create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? t('journal.form.adding') : t('journal.form.add')}
        </Button>
      </div>
    </form>
  )
}

/** A field's problem, under it (the field points at it with aria-describedby). */
function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  return error?.message ? (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  ) : null
}
