import type { NoteType } from '#shared/domain/vocabulary.ts'
import { accordIn } from '#shared/domain/wizard.ts'
import { AccordPicker } from '#client/components/accord-picker.tsx'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

/**
 * The layer picker's "My accords" source (decision 077): the signed-in maker's saved blend versions,
 * one of which can hold the layer whole instead of a catalog oil. The shared picker (decision 073)
 * says loading, a failed load and an empty journal; choosing one puts it in the layer and goes back
 * to the blend, as choosing an oil does. Loaded on its own chunk, only when the source is opened.
 */
export default function AccordSource({ layer }: { layer: NoteType }) {
  const current = useBlendDraft((s) => accordIn(s.composition, layer))
  const setNoteAccord = useBlendDraft((s) => s.setNoteAccord)
  const { closePicker } = useWizardNavigation()
  const t = useMessages()
  return (
    <AccordPicker
      id={`${layer.toLowerCase()}-accord-picker`}
      label={t('creator.accord.useAs', { note: noteTitle(t, layer) })}
      excludeVersionIds={current ? [current.versionId] : []}
      onPick={(choice) => {
        setNoteAccord(layer, {
          versionId: choice.versionId,
          projectId: choice.projectId,
          name: choice.name,
          referenceNumber: choice.referenceNumber,
        })
        closePicker()
      }}
    />
  )
}
