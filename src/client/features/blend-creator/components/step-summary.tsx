import { AlertTriangle, ArrowLeft, BookmarkPlus, FileDown, GitBranchPlus, Pencil, RotateCcw } from 'lucide-react'
import { useRef, useState } from 'react'
import type { SavePreview } from '#shared/api/blends.ts'
import { Link } from 'react-router'
import { NOTE_TYPES, type NoteType } from '#shared/domain/vocabulary.ts'
import { draftNeedsAsking } from '#shared/domain/draft-asking.ts'
import { accordIn, isComplete, isCompositionTotalValid, oilIn, percentageOf, type Composition } from '#shared/domain/wizard.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { blendDraftStore, useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { DiscardDraftDialog } from '#client/features/blend-creator/components/discard-draft-dialog.tsx'
import { ProportionsCard } from '#client/features/blend-creator/components/proportions-card.tsx'
import { useExportPdf } from '#client/features/blend-creator/hooks/use-export-pdf.ts'
import { useSaveFlow } from '#client/features/blend-creator/hooks/use-save-flow.ts'
import { useSavePreview } from '#client/features/blend-creator/api/save-preview.ts'
import type { UrlProject } from '#client/features/blend-creator/lib/url-project.ts'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { BlendPropertiesCard, SummaryAccordCard, SummaryNoteCard } from '#client/features/blend-creator/components/summary-parts.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

/** Where the version goes in the name-taken sentence, before it is split around the name. */
const REF_MARK = '\u0002'

/** A layer holding an accord counts as chosen when asking before a draft is thrown away. */
function askedComposition(composition: Composition) {
  const held = (layer: NoteType) => oilIn(composition, layer) ?? accordIn(composition, layer)
  return { topNote: held('Top'), middleNote: held('Middle'), baseNote: held('Base') }
}

/** Step 3, the review (docs/product.md §2): name, the three notes, properties, notes, and the actions. */
export function StepSummary({ urlProject }: { urlProject: UrlProject | null }) {
  const composition = useBlendDraft((s) => s.composition)
  const blendName = useBlendDraft((s) => s.blendName)
  const notes = useBlendDraft((s) => s.notes)
  const setBlendName = useBlendDraft((s) => s.setBlendName)
  const setNotes = useBlendDraft((s) => s.setNotes)
  const { goTo } = useWizardNavigation()
  const { save, saveAsNewBlend, saving, saved, staleProject } = useSaveFlow(urlProject)
  const { exportPdf, exporting } = useExportPdf()
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const t = useMessages()
  const titleInput = useRef<HTMLInputElement>(null)
  // Saving by name (no blend in the URL): the server says beforehand whether the name is taken.
  const preview = useSavePreview(blendName, !urlProject && !saving)
  const versioning = preview?.outcome === 'versioned' ? preview : null

  const editBlend = () => {
    blendDraftStore.getState().editBlend()
    goTo({ step: 2, layer: null })
  }
  const startOver = () => {
    setConfirmingDiscard(false)
    blendDraftStore.getState().reset()
    goTo({ step: 1, layer: null })
  }
  // A blend not yet saved is asked about first (the header's New Blend asks the same); a saved one
  // is already in the journal.
  const createNewBlend = () =>
    draftNeedsAsking({ composition: askedComposition(composition), blendName, notes }) && !saved ? setConfirmingDiscard(true) : startOver()

  if (!isComplete(composition)) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center sm:p-10">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col items-center">
          <StepHeading title={t('creator.summary.incompleteTitle')} />
          <p className="mt-2 text-muted-foreground">{t('creator.summary.incompleteText')}</p>
        </div>
        <Button onClick={() => goTo({ step: 2, layer: null })}>
          <ArrowLeft aria-hidden="true" />
          {t('creator.summary.backToSelection')}
        </Button>
      </Card>
    )
  }

  const projectName = urlProject?.name ?? null
  const totalValid = isCompositionTotalValid(composition)
  return (
    <div className="flex flex-col gap-8">
      <StepHeading title={t('creator.summary.title')}>
        {urlProject && !staleProject
          ? projectName
            ? t('creator.summary.newVersionOf', { project: projectName })
            : t('creator.summary.newVersionOfYours')
          : t('creator.summary.lead')}
      </StepHeading>

      <Card className="flex flex-col gap-2 p-5 sm:p-6">
        <Label htmlFor="blend-title">{t('creator.summary.nameLabel')}</Label>
        <Input
          id="blend-title"
          placeholder={t('creator.summary.namePlaceholder')}
          autoComplete="off"
          maxLength={120}
          className="h-12 font-display text-xl font-semibold sm:text-xl"
          ref={titleInput}
          value={blendName}
          onChange={(e) => setBlendName(e.target.value)}
          aria-describedby={versioning ? 'blend-title-taken' : undefined}
        />
        <div aria-live="polite">
          {versioning ? (
            <NameTakenNotice
              preview={versioning}
              onRename={() => {
                titleInput.current?.focus()
                titleInput.current?.select()
              }}
            />
          ) : null}
        </div>
      </Card>

      <section aria-labelledby="notes-title" className="flex flex-col gap-4">
        <h2 id="notes-title" className="sr-only">
          {t('creator.summary.threeNotes')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {NOTE_TYPES.map((layer) => {
            const accord = accordIn(composition, layer)
            const oil = oilIn(composition, layer)
            const percentage = percentageOf(composition, layer)
            return (
              <li key={layer}>
                {accord ? (
                  <SummaryAccordCard layer={layer} accord={accord} percentage={percentage} />
                ) : oil ? (
                  <SummaryNoteCard layer={layer} oil={oil} percentage={percentage} />
                ) : null}
              </li>
            )
          })}
        </ol>
      </section>

      <ProportionsCard composition={composition} />

      <BlendPropertiesCard composition={composition} />

      <Card className="flex flex-col gap-2 p-5 sm:p-6">
        <Label htmlFor="blend-notes">{t('creator.summary.notesLabel')}</Label>
        <textarea
          id="blend-notes"
          rows={5}
          maxLength={10_000}
          placeholder={t('creator.summary.notesPlaceholder')}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:text-sm"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </Card>

      {staleProject ? (
        <StaleProjectNotice projectName={projectName} onSaveAsNew={saveAsNewBlend} disabled={saving || !totalValid} saving={saving} />
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {staleProject ? null : (
          <Button size="lg" onClick={save} disabled={saving || !totalValid} className="sm:min-w-48">
            <BookmarkPlus aria-hidden="true" />
            {saving
              ? t('creator.summary.saving')
              : urlProject
                ? projectName
                  ? t('creator.summary.saveVersionTo', { project: projectName })
                  : t('creator.summary.saveVersionToProject')
                : versioning
                  ? t('creator.summary.saveAsVersion', { ref: versioning.referenceNumber })
                  : t('creator.summary.saveToJournal')}
          </Button>
        )}
        <Button size="lg" variant="outline" onClick={() => void exportPdf()} disabled={exporting}>
          <FileDown aria-hidden="true" />
          {exporting ? t('creator.summary.exporting') : t('creator.summary.exportPdf')}
        </Button>
        <Button size="lg" variant="outline" onClick={editBlend}>
          <Pencil aria-hidden="true" />
          {t('creator.summary.edit')}
        </Button>
        <Button size="lg" variant="ghost" onClick={createNewBlend} className="sm:ml-auto">
          <RotateCcw aria-hidden="true" />
          {t('creator.summary.createNew')}
        </Button>
      </div>
      <DiscardDraftDialog open={confirmingDiscard} blendName={blendName} onOpenChange={setConfirmingDiscard} onDiscard={startOver} />
    </div>
  )
}

/**
 * The name is one the journal has: said before the save (decision 037), with the way to keep this
 * draft apart, which is another name (the server matches blends by name).
 */
function NameTakenNotice({ preview, onRename }: { preview: SavePreview; onRename: () => void }) {
  const t = useMessages()
  // The name and the version are elements inside the sentence, in the order the language puts them.
  const [beforeName, afterName] = aroundPlaceholder(t, 'creator.summary.nameTaken', 'name', { ref: REF_MARK })
  const name = <strong>{preview.blend?.name}</strong>
  const ref = <span className="font-mono">{preview.referenceNumber}</span>
  const withRef = (text: string) => {
    const at = text.indexOf(REF_MARK)
    return at < 0 ? (
      text
    ) : (
      <>
        {text.slice(0, at)}
        {ref}
        {text.slice(at + REF_MARK.length)}
      </>
    )
  }
  return (
    <div
      id="blend-title-taken"
      className="mt-2 flex flex-col gap-3 rounded-lg bg-primary-soft px-4 py-3 sm:flex-row sm:items-center"
      data-save-preview={preview.referenceNumber}
    >
      <GitBranchPlus aria-hidden="true" className="hidden size-5 shrink-0 text-primary sm:block" />
      <p className="flex-1 text-sm text-foreground">
        {withRef(beforeName)}
        {name}
        {withRef(afterName)}
      </p>
      <Button variant="outline" size="sm" onClick={onRename} className="shrink-0">
        <Pencil aria-hidden="true" />
        {t('creator.summary.useAnotherName')}
      </Button>
    </div>
  )
}

/**
 * The blend in the URL is gone (deleted, or not this user's): the server said so, and saving a
 * version to it again can never work, so the one way on is a blend of its own.
 */
function StaleProjectNotice({
  projectName,
  onSaveAsNew,
  disabled,
  saving,
}: {
  projectName: string | null
  onSaveAsNew: () => void
  disabled: boolean
  saving: boolean
}) {
  const t = useMessages()
  const [beforeLink, afterLink] = aroundPlaceholder(t, 'creator.summary.goneText', 'link')
  return (
    <Card role="alert" className="flex flex-col gap-4 border-destructive/30 p-5 sm:flex-row sm:items-center sm:p-6">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle aria-hidden="true" className="size-5" />
      </span>
      <div className="flex-1">
        <p className="font-semibold text-foreground">
          {projectName ? t('creator.summary.goneNamed', { project: projectName }) : t('creator.summary.gone')}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {beforeLink}
          <Link to="/journal" className="underline underline-offset-2 hover:text-foreground">
            {t('creator.summary.openJournal')}
          </Link>
          {afterLink}
        </p>
      </div>
      <Button size="lg" onClick={onSaveAsNew} disabled={disabled} className="shrink-0">
        <BookmarkPlus aria-hidden="true" />
        {saving ? t('creator.summary.saving') : t('creator.summary.saveAsNew')}
      </Button>
    </Card>
  )
}
