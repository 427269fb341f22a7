import { useId, useState, type FormEvent } from 'react'
import { Plus } from 'lucide-react'
import { dateInputToIso, newTestEntryDraft, type TestEntryDraft } from '#shared/domain/maturation.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useCreateTestEntry } from '#client/features/journal/api/create-test-entry.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { TEXTAREA_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { StarRating } from '#client/features/journal/components/star-rating.tsx'

/**
 * The add-test form (SPEC.md §4 "Test entry"): today's date, no notes, no rating, tested, 48 h.
 * On the Original Blend card notes are required (SPEC.md §5); a version's form takes an entry
 * without notes. The two report failures with the spec's two messages (§8).
 */
export function AddTestEntryForm({ versionId, variant }: { versionId: number | null; variant: 'original' | 'version' }) {
  const [draft, setDraft] = useState<TestEntryDraft>(() => newTestEntryDraft(new Date()))
  const create = useCreateTestEntry()
  const singleFlight = useSingleFlight()
  const id = useId()
  const set = <K extends keyof TestEntryDraft>(key: K, value: TestEntryDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const needsNotes = variant === 'original' && draft.notes.trim() === ''

  function submit(event: FormEvent) {
    event.preventDefault()
    if (versionId === null || needsNotes) return
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
              toast.success(variant === 'original' ? 'Test Entry Added' : 'Test entry saved', { description: entry.referenceNumber })
              setDraft(newTestEntryDraft(new Date()))
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
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border border-dashed border-input/50 bg-background p-4">
      <h4 id={`${id}-title`} className="text-sm font-semibold text-foreground">
        New test entry
      </h4>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-date`}>Date made</Label>
          <Input id={`${id}-date`} type="date" required value={draft.date} onChange={(e) => set('date', e.target.value)} />
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
            value={draft.maturationPeriod}
            onChange={(e) => set('maturationPeriod', Math.min(8760, Math.max(0, Math.round(Number(e.target.value) || 0))))}
          />
        </div>
        <label className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium text-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={draft.tested}
            onChange={(e) => set('tested', e.target.checked)}
          />
          Tested
        </label>
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-foreground">
          Rating
        </span>
        <StarRating value={draft.rating} label="Rating for the new entry" onChange={(rating) => set('rating', rating)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>{variant === 'original' ? 'Test notes' : 'Test notes (optional)'}</Label>
        <textarea
          id={`${id}-notes`}
          rows={3}
          maxLength={10_000}
          className={TEXTAREA_CLASS}
          placeholder="First impressions, how it changed, what to try next..."
          value={draft.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
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
