import { useState } from 'react'
import { ChevronDown, Layers, Plus, X } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'
import { type EditorAccord, type EditorSlots } from '#shared/domain/editor.ts'
import { MAX_OILS_PER_SLOT, slotTotal } from '#shared/domain/percentages.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { AddOilPanel } from '#client/features/journal/components/add-oil-panel.tsx'
import { PercentageInput } from '#client/components/percentage-input.tsx'
import { AccordPicker } from '#client/components/accord-picker.tsx'
import type { AccordChoice } from '#client/lib/my-accords.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import '#client/features/journal/journal-catalog.ts'

/** What a note's accords need: its lines, the server's refusals by version, and the edits (decision 073). */
export interface SlotAccords {
  lines: readonly EditorAccord[]
  /** A refusal of the last save, by the accord's version id, shown under its line. */
  errors: Readonly<Record<number, string>>
  /** The blend being edited: left out of the picker. */
  projectId: number
  onAdd: (accord: AccordChoice) => void
  onRemove: (versionId: number) => void
  onPercentage: (versionId: number, value: number) => void
}

/** One note of the editor: its oils and accords with their percentages, remove buttons, and the add panels. */
export function EditorSlot({
  layer,
  slots,
  catalog,
  onAdd,
  onRemove,
  onPercentage,
  accords,
}: {
  layer: NoteType
  slots: EditorSlots
  catalog: { oils: readonly EssentialOil[] | undefined; isError: boolean }
  onAdd: (oil: EssentialOil) => void
  onRemove: (oilId: number) => void
  onPercentage: (oilId: number, value: number) => void
  accords: SlotAccords
}) {
  const t = useMessages()
  const shownName = useOilName()
  const [adding, setAdding] = useState<'oil' | 'accord' | null>(null)
  const oils = slots[layer]
  const key = layer.toLowerCase()
  const panelId = `add-${key}-panel`
  const accordPanelId = `add-${key}-accord-panel`
  const lines = oils.length + accords.lines.length
  const full = lines >= MAX_OILS_PER_SLOT
  const accordsFull = full || accords.lines.length >= MAX_ACCORDS_PER_LAYER
  return (
    <Card role="group" aria-labelledby={`${key}-slot-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${key}-slot-title`} className="text-sm font-semibold tracking-wide text-primary uppercase">
          {t(`journal.layer.${key}Note`)}
        </h2>
        <span className="text-sm text-muted-foreground tabular-nums">{shownPercent(slotTotal([...oils, ...accords.lines]))}</span>
      </div>
      {lines === 0 ? (
        <p className="rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">{t(`journal.slot.empty.${key}`)}</p>
      ) : oils.length === 0 ? null : (
        <ul className="flex flex-col gap-2">
          {oils.map((oil) => {
            const inputId = `${key}-oil-${oil.id}`
            return (
              <li key={oil.id} className="flex items-center gap-2">
                <label htmlFor={inputId} className="min-w-0 flex-1 truncate text-sm font-medium text-foreground">
                  {shownName(oil.name)}
                </label>
                <div className="w-24 shrink-0">
                  <PercentageInput
                    id={inputId}
                    label={t('journal.slot.percentage', { name: shownName(oil.name) })}
                    value={oil.percentage}
                    onChange={(value) => onPercentage(oil.id, value)}
                  />
                </div>
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  %
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('journal.slot.remove', { name: oil.name })}
                  onClick={() => onRemove(oil.id)}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {accords.lines.length > 0 ? (
        <ul aria-label={t(`journal.slot.accords.${key}`)} className="flex flex-col gap-2">
          {accords.lines.map((accord) => {
            const inputId = `${key}-accord-${accord.versionId}`
            const errorId = `${inputId}-error`
            const title = `${accord.name} ${accord.referenceNumber}`
            const error = accords.errors[accord.versionId]
            return (
              <li key={accord.versionId} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <Layers aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  {/* Wraps rather than truncates: the reference is what tells two versions apart. */}
                  <label htmlFor={inputId} className="min-w-0 flex-1 text-sm font-medium break-words text-foreground">
                    {title}
                    <span className="sr-only">{` ${t('journal.slot.accordMark')}`}</span>
                  </label>
                  <div className="w-24 shrink-0">
                    <PercentageInput
                      id={inputId}
                      label={t('journal.slot.percentage', { name: title })}
                      value={accord.percentage}
                      invalid={error !== undefined}
                      onChange={(value) => accords.onPercentage(accord.versionId, value)}
                    />
                  </div>
                  <span aria-hidden="true" className="text-sm text-muted-foreground">
                    %
                  </span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('journal.slot.remove', { name: title })}
                    aria-describedby={error ? errorId : undefined}
                    onClick={() => accords.onRemove(accord.versionId)}
                    className="text-muted-foreground hover:text-destructive"
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {error ? (
                  <p id={errorId} role="alert" className="pl-6 text-sm text-destructive">
                    {error}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={adding === 'oil'}
          aria-controls={adding === 'oil' ? panelId : undefined}
          disabled={full}
          onClick={() => setAdding((open) => (open === 'oil' ? null : 'oil'))}
        >
          {adding === 'oil' ? <ChevronDown aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {t(`journal.slot.addOil.${key}`)}
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={adding === 'accord'}
          aria-controls={adding === 'accord' ? accordPanelId : undefined}
          aria-label={t(`journal.slot.addAccordTo.${key}`)}
          disabled={accordsFull}
          onClick={() => setAdding((open) => (open === 'accord' ? null : 'accord'))}
        >
          {adding === 'accord' ? <ChevronDown aria-hidden="true" /> : <Layers aria-hidden="true" />}
          {t('journal.slot.addAccord')}
        </Button>
      </div>
      {full ? <p className="text-xs text-muted-foreground">{t('journal.slot.maxOils', { max: MAX_OILS_PER_SLOT })}</p> : null}
      {!full && accordsFull ? (
        <p className="text-xs text-muted-foreground">{t('journal.slot.maxAccords', { max: MAX_ACCORDS_PER_LAYER })}</p>
      ) : null}
      {adding === 'accord' && !accordsFull ? (
        <AccordPicker
          id={accordPanelId}
          label={t(`journal.slot.addAccordTo.${key}`)}
          excludeProjectId={accords.projectId}
          excludeVersionIds={accords.lines.map((a) => a.versionId)}
          onPick={(choice) => {
            accords.onAdd(choice)
            setAdding(null)
          }}
        />
      ) : null}
      {adding === 'oil' && !full ? (
        catalog.oils ? (
          <AddOilPanel id={panelId} layer={layer} catalog={catalog.oils} slots={slots} onAdd={onAdd} />
        ) : (
          <p id={panelId} className={cn('text-sm', catalog.isError ? 'text-destructive' : 'text-muted-foreground')}>
            {catalog.isError ? t('journal.slot.catalogFailed') : t('journal.slot.loadingOils')}
          </p>
        )
      ) : null}
    </Card>
  )
}
