import { Check } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { hintFor } from '#shared/domain/compatibility.ts'
import { sortOils } from '#shared/domain/oil-picker.ts'
import { NOTE_TYPES, START_EFFECTS, START_FAMILIES, type Effect, type NoteType, type ScentFamily } from '#shared/domain/vocabulary.ts'
import { effectBadgeClass, familyBadgeClass } from '#client/components/ui/badge.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilNames } from '#client/lib/oil-words.ts'
import { layerWord } from '#client/features/blend-creator/lib/creator-words.ts'

/** The controls of step 1's four starting points. */

const chip =
  'flex cursor-pointer items-center gap-2 rounded-full border px-3.5 py-2 text-sm font-medium transition-colors ' +
  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring'

// The real input lies, invisible, over its chip: it takes the clicks and the keyboard focus.
const hiddenInput = 'peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0'

export function OilChoice({
  oils,
  value,
  onChange,
}: {
  oils: { data?: EssentialOil[]; isPending: boolean; isError: boolean }
  value: EssentialOil | null
  onChange: (oil: EssentialOil) => void
}) {
  const t = useMessages()
  // Sorted by the names as shown, in the maker's language (decision 104).
  const names = useShownOilNames()
  const sorted = oils.data ? sortOils(oils.data, 'name', names) : []
  const placeholder = t(
    oils.isPending ? 'creator.start.oilLoading' : oils.isError ? 'creator.start.oilFailed' : 'creator.start.oilPlaceholder',
  )
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="start-oil-select">{t('creator.start.oilLabel')}</Label>
      <Select
        id="start-oil-select"
        className="w-full"
        placeholder={placeholder}
        value={value ? String(value.id) : ''}
        onChange={(event) => {
          const oil = sorted.find((o) => String(o.id) === event.target.value)
          if (oil) onChange(oil)
        }}
        disabled={sorted.length === 0}
      >
        {sorted.map((oil) => (
          <option key={oil.id} value={String(oil.id)}>
            {`${names.of(oil)} (${oil.latinName})`}
          </option>
        ))}
      </Select>
    </div>
  )
}

export function EffectChoice({ value, onChange }: { value: Effect[]; onChange: (effects: Effect[]) => void }) {
  const t = useMessages()
  const toggle = (effect: Effect, on: boolean) =>
    // Kept in the order ticked: the first effect drives the 'Show only … oils' filter later.
    onChange(on ? [...value.filter((e) => e !== effect), effect] : value.filter((e) => e !== effect))
  return (
    <fieldset>
      <legend className="sr-only">{t('creator.start.effectsLegend')}</legend>
      <div className="flex flex-wrap gap-2">
        {START_EFFECTS.map((effect) => {
          const checked = value.includes(effect)
          return (
            <label key={effect} className="relative">
              <input type="checkbox" className={hiddenInput} checked={checked} onChange={(e) => toggle(effect, e.target.checked)} />
              <span className={cn(chip, checked ? effectBadgeClass(effect) : 'border-border bg-card text-foreground hover:bg-muted')}>
                {checked ? <Check aria-hidden="true" className="size-4" /> : null}
                {effect}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

export function NoteTypeChoice({ onChoose }: { onChoose: (type: NoteType) => void }) {
  const t = useMessages()
  return (
    <ul className="grid gap-2 sm:grid-cols-3 md:grid-cols-1 lg:grid-cols-3">
      {NOTE_TYPES.map((type) => (
        <li key={type} className="flex">
          <button
            type="button"
            onClick={() => onChoose(type)}
            className={cn(
              'flex w-full cursor-pointer flex-col gap-1 rounded-xl border border-border bg-background p-3 text-left transition-colors',
              'hover:border-primary hover:bg-primary-soft',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            )}
          >
            <span className="font-semibold text-foreground">{layerWord(t, type)}</span>
            <span className="text-xs leading-snug text-muted-foreground">{t(`creator.start.noteDescription.${type}`)}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

export function FamilyChoice({ value, onChange }: { value: ScentFamily | null; onChange: (family: ScentFamily) => void }) {
  const t = useMessages()
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t('creator.start.familyLegend')}</legend>
      <div className="flex flex-wrap gap-2">
        {START_FAMILIES.map((family) => {
          const checked = value === family
          return (
            <label key={family} className="relative">
              <input
                type="radio"
                name="start-family"
                value={family}
                className={hiddenInput}
                checked={checked}
                onChange={() => onChange(family)}
              />
              <span className={cn(chip, checked ? familyBadgeClass(family) : 'border-border bg-card text-foreground hover:bg-muted')}>
                {checked ? <Check aria-hidden="true" className="size-4" /> : null}
                {family}
              </span>
            </label>
          )
        })}
      </div>
      <p className="min-h-5 text-sm text-muted-foreground" aria-live="polite">
        {value ? t('creator.start.familyHint', { families: hintFor(value).join(', ') }) : t('creator.start.familyPrompt')}
      </p>
    </fieldset>
  )
}
