import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useMemo } from 'react'
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form'
import { Plus } from 'lucide-react'
import { z } from 'zod'
import { CreateJournalEntrySchema } from '#shared/api/journal.ts'
import { dateInputToIso, newTestEntryDraft, type TestEntryDraft } from '#shared/domain/maturation.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useCreateTestEntry } from '#client/features/journal/api/create-test-entry.ts'
import { isQueued, OFFLINE_SAVED_DESCRIPTION, OFFLINE_SAVED_TITLE } from '#client/lib/offline/queued.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { TEXTAREA_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { StarRating } from '#client/features/journal/components/star-rating.tsx'

const entry = CreateJournalEntrySchema.shape
const DATE_MESSAGE = 'Choose the date the blend was made'
const NOTES_NEEDED_MESSAGE = 'Write how the test went'

/**
 * The form's fields with the request's own rules (CreateJournalEntrySchema): the date as the date
 * input gives it, and notes as typed (blank is sent as none). On the Original Blend card notes are
 * required (docs/product.md §5).
 */
function testEntryFormSchema(variant: 'original' | 'version') {
  const notes = entry.notes.unwrap().unwrap()
  return z.object({
    date: z.string().refine((value) => dateInputToIso(value) !== null, DATE_MESSAGE),
    notes: variant === 'original' ? notes.refine((text) => text.trim() !== '', NOTES_NEEDED_MESSAGE) : notes,
    rating: entry.rating.unwrap(),
    tested: entry.tested.unwrap(),
    maturationPeriod: entry.maturationPeriod.unwrap(),
  }) satisfies z.ZodType<TestEntryDraft, TestEntryDraft>
}

/** The shared rule's bounds, said in the form's words (its own messages are for API callers). */
const MATURATION_MESSAGE = 'Maturation is a whole number of hours, from 0 to 8760'

/**
 * The add-test form (docs/product.md §4 "Test entry"): today's date, no notes, no rating, tested, 48 h.
 * On the Original Blend card notes are required (docs/product.md §5); a version's form takes an entry
 * without notes. The two report failures with the spec's two messages (§8). Loaded through
 * add-test-entry-form.tsx, so the form library is not part of the journal's own chunk.
 */
export function AddTestEntryFields({ versionId, variant }: { versionId: number | null; variant: 'original' | 'version' }) {
  const schema = useMemo(() => testEntryFormSchema(variant), [variant])
  const form = useForm<TestEntryDraft>({
    defaultValues: newTestEntryDraft(new Date()),
    resolver: zodResolver(schema, {
      error: (issue) => (issue.path?.[0] === 'maturationPeriod' ? MATURATION_MESSAGE : undefined),
    }),
    reValidateMode: 'onSubmit',
  })
  const { errors } = form.formState
  const create = useCreateTestEntry()
  const singleFlight = useSingleFlight()
  const id = useId()
  const notes = useWatch({ control: form.control, name: 'notes' })
  const needsNotes = variant === 'original' && notes.trim() === ''

  const submit = form.handleSubmit((draft) => {
    if (versionId === null) return
    const now = new Date()
    const body = {
      versionId,
      notes: draft.notes.trim() ? draft.notes : null,
      rating: draft.rating,
      tested: draft.tested,
      dateMade: dateInputToIso(draft.date) ?? now.toISOString(),
      dateTested: draft.tested ? now.toISOString() : null,
      maturationPeriod: draft.maturationPeriod,
    }
    // A second press while this entry is being added is ignored (settling frees the button).
    singleFlight(
      () =>
        new Promise<void>((settled) =>
          create.mutate(body, {
            onSuccess: (entry) => {
              if (isQueued(entry)) toast.success(OFFLINE_SAVED_TITLE, { description: OFFLINE_SAVED_DESCRIPTION })
              else toast.success(variant === 'original' ? 'Test Entry Added' : 'Test entry saved', { description: entry.referenceNumber })
              form.reset(newTestEntryDraft(new Date()))
            },
            onError: () => {
              toast.error('Save Failed', {
                description: variant === 'original' ? 'Could not save test entry. Please try again.' : 'Please try again',
              })
            },
            onSettled: () => settled(),
          }),
        ),
    )
  })
  const describedBy = (field: keyof TestEntryDraft) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {})

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-dashed border-input/50 bg-background p-4">
      <h4 id={`${id}-title`} className="text-sm font-semibold text-foreground">
        New test entry
      </h4>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-date`}>Date made</Label>
          <Input id={`${id}-date`} type="date" aria-required="true" {...describedBy('date')} {...form.register('date')} />
          <FieldMessage id={`${id}-date-error`} error={errors.date} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-maturation`}>Maturation (hours)</Label>
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
          Tested
        </label>
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-foreground">
          Rating
        </span>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => <StarRating value={field.value} label="Rating for the new entry" onChange={field.onChange} />}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>{variant === 'original' ? 'Test notes' : 'Test notes (optional)'}</Label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={10_000}
          className={TEXTAREA_CLASS}
          placeholder="First impressions, how it changed, what to try next..."
          {...describedBy('notes')}
          {...form.register('notes')}
        />
        <FieldMessage id={`${id}-notes-error`} error={errors.notes} />
      </div>
      <div>
        <Button type="submit" disabled={versionId === null || needsNotes || create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? 'Adding...' : 'Add Test Entry'}
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
