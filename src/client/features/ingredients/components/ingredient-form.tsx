import { useId, useMemo, useState, type FormEvent } from 'react'
import type { Ingredient } from '#shared/api/ingredients.ts'
import { INGREDIENT_KINDS } from '#shared/domain/ingredients.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { NO_MAXIMUM_ON_FILE } from '#shared/domain/safety.ts'
import { NOTE_TYPES, SCENT_FAMILIES, type NoteType } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-error.ts'
import { newIdempotencyKey } from '#client/lib/api-client.ts'
import { useSaveIngredient } from '#client/features/ingredients/api/ingredients.ts'
import { bodyOf, draftOf, EMPTY_DRAFT, type IngredientDraft } from '#client/features/ingredients/lib/ingredient-form.ts'

type Problem = { path: string; message: string }

/**
 * Add an ingredient of the maker's own (optionally "based on" a catalog oil, whose facts fill the
 * form), or change one. A refused save keeps everything typed and marks the fields the server named.
 */
export function IngredientForm({
  ingredient,
  catalog,
  onDone,
}: {
  ingredient: Ingredient | null
  catalog: readonly EssentialOil[]
  onDone: () => void
}) {
  const id = useId()
  const [draft, setDraft] = useState<IngredientDraft>(() => (ingredient ? draftOf(ingredient, '', true) : EMPTY_DRAFT))
  const [problems, setProblems] = useState<Problem[]>([])
  const [idempotencyKey] = useState(newIdempotencyKey)
  const save = useSaveIngredient()
  const sorted = useMemo(() => [...catalog].filter((o) => !o.yours).sort((a, b) => a.name.localeCompare(b.name, 'en')), [catalog])
  const messageId = `${id}-message`
  const set = <K extends keyof IngredientDraft>(key: K, value: IngredientDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const invalid = (field: string) => problems.some((p) => p.path === `body.${field}` || p.path.startsWith(`body.${field}.`))

  function chooseBase(value: string) {
    const base = sorted.find((o) => String(o.id) === value)
    // The catalog oil's facts are the starting point; the name and anything typed over stay the maker's.
    setDraft((d) => (base ? { ...draftOf(base, value, false), name: d.name, notes: d.notes } : { ...d, basedOn: '' }))
  }

  function toggleNote(note: NoteType, on: boolean) {
    setDraft((d) => ({
      ...d,
      noteType: on ? NOTE_TYPES.filter((n) => n === note || d.noteType.includes(n)) : d.noteType.filter((n) => n !== note),
    }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    const body = bodyOf(draft)
    const local: Problem[] = []
    if (Number.isNaN(body.densityGPerMl)) local.push({ path: 'body.densityGPerMl', message: 'Density is a number of g/mL, such as 0.88' })
    if (Number.isNaN(body.safety?.maxLeaveOnPercent)) {
      local.push({ path: 'body.safety.maxLeaveOnPercent', message: 'The leave-on maximum is a number of percent, or left empty for none' })
    }
    if (local.length > 0) return setProblems(local)
    try {
      const saved = await save.mutateAsync({ id: ingredient?.id ?? null, body, idempotencyKey })
      toast.success(ingredient ? `${saved.name} saved` : `${saved.name} added to your ingredients`)
      onDone()
    } catch (error) {
      const details = error instanceof ApiError && Array.isArray(error.details) ? (error.details as Problem[]) : []
      setProblems(
        details.length > 0 ? details : [{ path: '', message: error instanceof Error ? error.message : 'Saving failed. Please try again.' }],
      )
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <DialogTitle>{ingredient ? `Edit ${ingredient.name}` : 'Add an ingredient'}</DialogTitle>
      <DialogDescription>
        Private to you. It appears in the oil picker, the calculator, your shelf and labels, as a catalog oil does.
      </DialogDescription>

      {problems.length > 0 ? (
        <div id={messageId} role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {problems.length === 1 ? (
            problems[0]!.message
          ) : (
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={`${p.path}-${p.message}`}>{p.message}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}

      {ingredient ? null : (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-based-on`}>Based on</Label>
          <Select id={`${id}-based-on`} className="w-full" value={draft.basedOn} onChange={(e) => chooseBase(e.target.value)}>
            <option value="">Nothing: I will fill in every field</option>
            {sorted.map((oil) => (
              <option key={oil.id} value={String(oil.id)}>
                {oil.name}
              </option>
            ))}
          </Select>
          <p className="text-xs text-muted-foreground">A catalog oil’s facts fill the form; change what differs in yours.</p>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-name`}
          label="Name"
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          invalid={invalid('name')}
          messageId={messageId}
          maxLength={100}
          placeholder="e.g. Bergamot FCF"
          required
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-kind`}>Kind</Label>
          <Select
            id={`${id}-kind`}
            className="w-full"
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as IngredientDraft['kind'])}
            aria-invalid={invalid('kind') || undefined}
            placeholder="Choose a kind"
          >
            {INGREDIENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          id={`${id}-inci`}
          label="INCI name"
          value={draft.inciName}
          onChange={(e) => set('inciName', e.target.value)}
          invalid={invalid('inciName')}
          messageId={messageId}
          hint="As on the supplier’s label or data sheet; labels print it."
        />
        <FormField
          id={`${id}-latin`}
          label="Botanical name (optional)"
          value={draft.latinName}
          onChange={(e) => set('latinName', e.target.value)}
          invalid={invalid('latinName')}
          messageId={messageId}
        />
      </div>

      <fieldset className="grid gap-2" aria-invalid={invalid('noteType') || undefined}>
        <legend className="text-sm font-medium text-foreground">Notes</legend>
        <div className="flex flex-wrap gap-4">
          {NOTE_TYPES.map((note) => (
            <label key={note} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={draft.noteType.includes(note)}
                onChange={(e) => toggleNote(note, e.target.checked)}
              />
              {note}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-family`}>Scent family</Label>
          <Select
            id={`${id}-family`}
            className="w-full"
            value={draft.scentFamily}
            onChange={(e) => set('scentFamily', e.target.value as IngredientDraft['scentFamily'])}
            aria-invalid={invalid('scentFamily') || undefined}
            placeholder="Choose a family"
          >
            {SCENT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {family}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          id={`${id}-density`}
          label="Density (g/mL)"
          inputMode="decimal"
          value={draft.density}
          onChange={(e) => set('density', e.target.value)}
          invalid={invalid('densityGPerMl')}
          messageId={messageId}
          hint="From 0.5 to 2; on the supplier’s data sheet."
        />
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium text-foreground">Safety facts you have</legend>
        <FormField
          id={`${id}-maximum`}
          label="Leave-on maximum (% of the finished product)"
          inputMode="decimal"
          value={draft.maximum}
          onChange={(e) => set('maximum', e.target.value)}
          invalid={invalid('safety')}
          messageId={messageId}
          hint={`Leave empty if you have no figure: Accord then says “${NO_MAXIMUM_ON_FILE}”, never unrestricted.`}
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-foreground">Phototoxic</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['yes', 'Yes'],
                ['no', 'No'],
                ['unknown', 'Not known'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-phototoxic`}
                  className="size-4 accent-primary"
                  checked={draft.phototoxic === value}
                  onChange={() => set('phototoxic', value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          id={`${id}-source`}
          label="Source of these facts"
          value={draft.source}
          onChange={(e) => set('source', e.target.value)}
          invalid={invalid('safety.source')}
          messageId={messageId}
          maxLength={500}
          placeholder="e.g. Supplier data sheet, lot 42"
        />
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
        <Textarea id={`${id}-notes`} value={draft.notes} onChange={(e) => set('notes', e.target.value)} maxLength={2000} rows={2} />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : ingredient ? 'Save changes' : 'Add ingredient'}
        </Button>
      </div>
    </form>
  )
}
