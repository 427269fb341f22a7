import { useId, useMemo, useState, type FormEvent } from 'react'
import type { Ingredient } from '#shared/api/ingredients.ts'
import { INGREDIENT_KINDS } from '#shared/domain/ingredients.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
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
import '#client/features/ingredients/ingredients-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'

type Problem = { path: string; message: string }

/** The catalogs' id of each kind's name (the values stay the English names). */
export const KIND_WORDS: Record<(typeof INGREDIENT_KINDS)[number], string> = {
  'Essential oil': 'ingredients.kind.essentialOil',
  'CO2 extract': 'ingredients.kind.co2Extract',
  Absolute: 'ingredients.kind.absolute',
  'Fragrance oil': 'ingredients.kind.fragranceOil',
  Other: 'ingredients.kind.other',
}

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
  const t = useMessages()
  const vocabulary = useVocabulary()
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
    if (Number.isNaN(body.densityGPerMl)) local.push({ path: 'body.densityGPerMl', message: t('ingredients.form.densityProblem') })
    if (Number.isNaN(body.safety?.maxLeaveOnPercent)) {
      local.push({ path: 'body.safety.maxLeaveOnPercent', message: t('ingredients.form.maximumProblem') })
    }
    if (local.length > 0) return setProblems(local)
    try {
      const saved = await save.mutateAsync({ id: ingredient?.id ?? null, body, idempotencyKey })
      toast.success(ingredient ? t('ingredients.form.saved', { name: saved.name }) : t('ingredients.form.added', { name: saved.name }))
      onDone()
    } catch (error) {
      const details = error instanceof ApiError && Array.isArray(error.details) ? (error.details as Problem[]) : []
      setProblems(
        details.length > 0 ? details : [{ path: '', message: error instanceof Error ? error.message : t('ingredients.form.saveFailed') }],
      )
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <DialogTitle>{ingredient ? t('ingredients.form.editTitle', { name: ingredient.name }) : t('ingredients.form.addTitle')}</DialogTitle>
      <DialogDescription>{t('ingredients.form.description')}</DialogDescription>

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
          <Label htmlFor={`${id}-based-on`}>{t('ingredients.form.basedOn')}</Label>
          <Select id={`${id}-based-on`} className="w-full" value={draft.basedOn} onChange={(e) => chooseBase(e.target.value)}>
            <option value="">{t('ingredients.form.basedOnNothing')}</option>
            {sorted.map((oil) => (
              <option key={oil.id} value={String(oil.id)}>
                {oil.name}
              </option>
            ))}
          </Select>
          <p className="text-xs text-muted-foreground">{t('ingredients.form.basedOnHint')}</p>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-name`}
          label={t('ingredients.form.name')}
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          invalid={invalid('name')}
          messageId={messageId}
          maxLength={100}
          placeholder={t('ingredients.form.namePlaceholder')}
          required
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-kind`}>{t('ingredients.form.kind')}</Label>
          <Select
            id={`${id}-kind`}
            className="w-full"
            value={draft.kind}
            onChange={(e) => set('kind', e.target.value as IngredientDraft['kind'])}
            aria-invalid={invalid('kind') || undefined}
            placeholder={t('ingredients.form.kindPlaceholder')}
          >
            {INGREDIENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_WORDS[kind])}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          id={`${id}-inci`}
          label={t('ingredients.form.inci')}
          value={draft.inciName}
          onChange={(e) => set('inciName', e.target.value)}
          invalid={invalid('inciName')}
          messageId={messageId}
          hint={t('ingredients.form.inciHint')}
        />
        <FormField
          id={`${id}-latin`}
          label={t('ingredients.form.latin')}
          value={draft.latinName}
          onChange={(e) => set('latinName', e.target.value)}
          invalid={invalid('latinName')}
          messageId={messageId}
        />
      </div>

      <fieldset className="grid gap-2" aria-invalid={invalid('noteType') || undefined}>
        <legend className="text-sm font-medium text-foreground">{t('ingredients.form.noteTypes')}</legend>
        <div className="flex flex-wrap gap-4">
          {NOTE_TYPES.map((note) => (
            <label key={note} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={draft.noteType.includes(note)}
                onChange={(e) => toggleNote(note, e.target.checked)}
              />
              {t(`ingredients.note.${note}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-family`}>{t('ingredients.form.family')}</Label>
          <Select
            id={`${id}-family`}
            className="w-full"
            value={draft.scentFamily}
            onChange={(e) => set('scentFamily', e.target.value as IngredientDraft['scentFamily'])}
            aria-invalid={invalid('scentFamily') || undefined}
            placeholder={t('ingredients.form.familyPlaceholder')}
          >
            {SCENT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {vocabulary.family(family)}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          id={`${id}-density`}
          label={t('ingredients.form.density')}
          inputMode="decimal"
          value={draft.density}
          onChange={(e) => set('density', e.target.value)}
          invalid={invalid('densityGPerMl')}
          messageId={messageId}
          hint={t('ingredients.form.densityHint')}
        />
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium text-foreground">{t('ingredients.form.safety')}</legend>
        <FormField
          id={`${id}-maximum`}
          label={t('ingredients.form.maximum')}
          inputMode="decimal"
          value={draft.maximum}
          onChange={(e) => set('maximum', e.target.value)}
          invalid={invalid('safety')}
          messageId={messageId}
          hint={t('ingredients.form.maximumHint', { none: t('ingredients.noMaximum') })}
        />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-foreground">{t('ingredients.form.phototoxic')}</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['yes', t('ingredients.form.phototoxicYes')],
                ['no', t('ingredients.form.phototoxicNo')],
                ['unknown', t('ingredients.form.phototoxicUnknown')],
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
          label={t('ingredients.form.source')}
          value={draft.source}
          onChange={(e) => set('source', e.target.value)}
          invalid={invalid('safety.source')}
          messageId={messageId}
          maxLength={500}
          placeholder={t('ingredients.form.sourcePlaceholder')}
        />
      </fieldset>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>{t('ingredients.form.notes')}</Label>
        <Textarea id={`${id}-notes`} value={draft.notes} onChange={(e) => set('notes', e.target.value)} maxLength={2000} rows={2} />
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('ingredients.form.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('ingredients.form.saving') : ingredient ? t('ingredients.form.save') : t('ingredients.form.add')}
        </Button>
      </div>
    </form>
  )
}
