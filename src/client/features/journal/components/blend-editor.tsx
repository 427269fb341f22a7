import { useState, type ReactNode } from 'react'
import { ArrowLeft, CopyPlus, Save } from 'lucide-react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { CreateBlend, CreateVersion } from '#shared/api/blends.ts'
import {
  accordAt,
  addAccord,
  addOil,
  canSaveAsNewBlend,
  canSaveVersion,
  editorStart,
  editorTotal,
  isLayerEmpty,
  newBlendNameHint,
  newBlendPayload,
  newVersionPayload,
  removeAccord,
  removeOil,
  setAccordPercentage,
  setPercentage,
  type EditorState,
} from '#shared/domain/editor.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError, formRefusal } from '#client/lib/api-error.ts'
import * as blendSaves from '#client/lib/blend-saves.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { TEXTAREA_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { EditorSaveBar } from '#client/features/journal/components/editor-save-bar.tsx'
import { EditorSlot } from '#client/features/journal/components/editor-slot.tsx'
import { JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

interface BlendEditorProps {
  /** The blend with its versions (GET /api/blends/{id}). */
  blend: BlendDetail
  onCancel: () => void
  /** After a save: the blend it went to and the version it made. */
  onSaved: (blendId: number, versionId: number) => void
}

/**
 * A refused save's words for its accord lines (a blend that would contain itself, accords nested too
 * deep, decision 072), by the accord's version id: the refusal's `body.accords.N` (or, for Save as
 * New Blend, `body.topAccord`...) names the line. `message` is the refusal's own words when no
 * accord line is named, for the toast.
 */
export function accordRefusals(
  t: (id: string, values?: Record<string, unknown>) => string,
  error: unknown,
  state: EditorState,
): { byVersion: Record<number, string>; message: string } {
  const keyOf = (path: string): string | null => {
    const indexed = /^body\.accords(?:\.|\[)(\d+)/.exec(path)
    if (indexed) {
      const line = accordAt(state.accords, Number(indexed[1]))
      return line ? String(line.versionId) : null
    }
    const single = /^body\.(top|middle|base)Accord/.exec(path)
    if (single) {
      const layer = ({ top: 'Top', middle: 'Middle', base: 'Base' } as const)[single[1] as 'top' | 'middle' | 'base']
      const first = state.accords[layer][0]
      return first && state.slots[layer].length === 0 ? String(first.versionId) : null
    }
    return null
  }
  const { fields, message } = formRefusal(error, keyOf)
  const byVersion: Record<number, string> = Object.fromEntries(Object.entries(fields).map(([id, text]) => [Number(id), String(text)]))
  if (Object.keys(byVersion).length === 0 && error instanceof ApiError) {
    // A refusal without a field path that names an accord line ('... Citrus Dawn 001b, which contains ...') goes under that line.
    for (const layer of NOTE_TYPES)
      for (const a of state.accords[layer])
        if (error.message.includes(`${a.name} ${a.referenceNumber}`)) byVersion[a.versionId] = error.message
  }
  return {
    byVersion,
    message: Object.keys(byVersion).length > 0 ? t('journal.editor.refusedAccord') : message,
  }
}

/**
 * The Modify Blend editor (docs/product.md §2, "Journal"): it starts from the blend's latest version,
 * and saves the result as that blend's next version or as a new blend.
 */
export function BlendEditor({ blend, onCancel, onSaved }: BlendEditorProps) {
  const t = useMessages()
  const back = (
    <div>
      <Button variant="ghost" size="sm" onClick={onCancel} className="-ml-3">
        <ArrowLeft aria-hidden="true" />
        {t('journal.cancel')}
      </Button>
    </div>
  )
  const source = blend.versions.at(-1) ?? null
  return (
    <EditorForm
      key={`${blend.id}-${source?.id ?? 0}`}
      blend={blend}
      projectId={blend.id}
      sourceReference={source?.referenceNumber ?? blend.referenceNumber}
      initial={editorStart({ name: blend.name, topNote: null, middleNote: null, baseNote: null }, source)}
      back={back}
      onSaved={onSaved}
    />
  )
}

function EditorForm({
  blend,
  projectId,
  sourceReference,
  initial,
  back,
  onSaved,
}: {
  blend: Pick<BlendDetail, 'name'>
  projectId: number
  sourceReference: string
  initial: EditorState
  back: ReactNode
  onSaved: BlendEditorProps['onSaved']
}) {
  const t = useMessages()
  const [state, setState] = useState(initial)
  const [notes, setNotes] = useState('')
  // The last save's refusals of accord lines; nothing typed is cleared by them.
  const [accordErrors, setAccordErrors] = useState<Record<number, string>>({})
  const oils = useOils()
  const createVersion = blendSaves.useSaveMutation((body: CreateVersion) => blendSaves.saveVersion(body))
  const createBlend = blendSaves.useSaveMutation((body: CreateBlend) => blendSaves.saveByName(body))
  const catalog = oils.data ?? []
  const total = editorTotal(state)
  const emptyLayer = NOTE_TYPES.some((layer) => isLayerEmpty(state, layer))
  const saving = createVersion.isPending || createBlend.isPending
  // One save at a time from either button: a double click saves once.
  const singleFlight = useSingleFlight()
  const setSlots = (update: (slots: EditorState['slots']) => EditorState['slots']) => setState((s) => ({ ...s, slots: update(s.slots) }))
  const refused = (error: unknown) => {
    const { byVersion, message } = accordRefusals(t, error, state)
    setAccordErrors(byVersion)
    toast.error(t('journal.form.saveFailed'), {
      description: Object.keys(byVersion).length > 0 ? message : t('journal.editor.saveFailedText'),
    })
  }

  // mutateAsync, not mutate's per-call callbacks: saving refreshes the blend, which can remount
  // this editor (its source becomes the new latest version) before the callbacks would run.
  const saveVersion = () =>
    singleFlight(async () => {
      try {
        const saved = await createVersion.mutateAsync(newVersionPayload(state, projectId, catalog, notes))
        toast.success(t('journal.accords.saved'), {
          description: t('journal.editor.inJournal', { name: blend.name, reference: saved.referenceNumber }),
        })
        onSaved(projectId, saved.versionId)
      } catch (error) {
        refused(error)
      }
    })

  const saveAsNewBlend = () =>
    singleFlight(async () => {
      try {
        const saved = await createBlend.mutateAsync(newBlendPayload(state, catalog, notes))
        // The server files a name the user already has as that blend's next version, and says so.
        if (saved.outcome === 'created') {
          toast.success(t('journal.editor.created'), {
            description: t('journal.editor.inJournal', { name: saved.blendName, reference: saved.referenceNumber }),
          })
        } else {
          toast.success(t('journal.accords.saved'), {
            description: t('journal.editor.becameVersion', { name: saved.blendName, reference: saved.referenceNumber }),
          })
        }
        onSaved(saved.blendId, saved.versionId)
      } catch (error) {
        refused(error)
      }
    })

  return (
    <div className="flex flex-col gap-6">
      {back}
      <JournalHeading title={t('journal.page.modifyTitle')}>
        <p>{t('journal.editor.intro', { name: blend.name, reference: sourceReference })}</p>
      </JournalHeading>

      <Card className="flex flex-col gap-1.5 p-4 sm:p-5">
        <Label htmlFor="editor-name">{t('journal.editor.nameLabel')}</Label>
        <Input
          id="editor-name"
          maxLength={120}
          autoComplete="off"
          value={state.name}
          placeholder={t('journal.editor.namePlaceholder', { hint: newBlendNameHint(blend.name) })}
          aria-describedby="editor-name-hint"
          onChange={(e) => setState((s) => ({ ...s, name: e.target.value }))}
        />
        <p id="editor-name-hint" className="text-xs text-muted-foreground">
          {t('journal.editor.nameHint')}
        </p>
      </Card>

      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        {NOTE_TYPES.map((layer) => (
          <EditorSlot
            key={layer}
            layer={layer}
            slots={state.slots}
            catalog={{ oils: oils.data, isError: oils.isError }}
            onAdd={(oil) => setSlots((slots) => addOil(slots, layer, oil))}
            onRemove={(oilId) => setSlots((slots) => removeOil(slots, layer, oilId))}
            onPercentage={(oilId, value) => setSlots((slots) => setPercentage(slots, layer, oilId, value))}
            accords={{
              lines: state.accords[layer],
              errors: accordErrors,
              projectId,
              onAdd: (accord) => setState((s) => addAccord(s, layer, accord)),
              onRemove: (versionId) => {
                setState((s) => removeAccord(s, layer, versionId))
                // Its refusal goes with it.
                setAccordErrors(({ [versionId]: _gone, ...rest }) => rest)
              },
              onPercentage: (versionId, value) => setState((s) => setAccordPercentage(s, layer, versionId, value)),
            }}
          />
        ))}
      </div>

      <Card className="flex flex-col gap-1.5 p-4 sm:p-5">
        <Label htmlFor="editor-notes">{t('journal.editor.notesLabel')}</Label>
        <textarea
          id="editor-notes"
          rows={3}
          maxLength={10_000}
          className={TEXTAREA_CLASS}
          placeholder={t('journal.editor.notesPlaceholder')}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </Card>

      <EditorSaveBar total={total} emptyLayer={emptyLayer}>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={saveVersion} disabled={saving || !canSaveVersion(state)}>
            <Save aria-hidden="true" />
            {createVersion.isPending ? t('journal.accords.saving') : t('journal.editor.saveVersion')}
          </Button>
          <Button variant="outline" onClick={saveAsNewBlend} disabled={saving || !canSaveAsNewBlend(state)}>
            <CopyPlus aria-hidden="true" />
            {createBlend.isPending ? t('journal.accords.saving') : t('journal.editor.saveAsNew')}
          </Button>
        </div>
      </EditorSaveBar>
    </div>
  )
}
