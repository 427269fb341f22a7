import { useId, useRef, useState } from 'react'
import type { ImportResult } from '#shared/api/export.ts'
import { IMPORT_ARCHIVE_MAX_BYTES, IMPORT_ARCHIVE_MAX_LABEL, IMPORT_MAX_BYTES, IMPORT_MAX_LABEL } from '#shared/api/import-limits.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { isZipFile, useImportData, usePreviewImport } from '#client/features/account/api/import-data.ts'
import { ImportPreviewList, ImportSummary } from '#client/features/account/components/import-preview.tsx'
import { ImportProblems } from '#client/features/account/components/import-problems.tsx'
import { UploadStatus } from '#client/features/account/components/upload-status.tsx'
import { importLabel, nothingIn, sizeText } from '#client/features/account/lib/import-text.ts'
import type { Translate } from '#client/features/account/account-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

/** Where an import stands: nothing is stored before 'importing', and a failure keeps the file. */
type State =
  | { step: 'idle' }
  | { step: 'checking'; file: File }
  | { step: 'preview'; file: File; result: ImportResult }
  | { step: 'importing'; file: File; result: ImportResult }
  | { step: 'done'; file: File; result: ImportResult }
  | { step: 'error'; file: File; error: Error; retry: () => void }

/** The largest file of its kind: an archive carries documents (decision 084), a JSON or CSV file does not. */
const maxBytes = (file: File) => (isZipFile(file) ? IMPORT_ARCHIVE_MAX_BYTES : IMPORT_MAX_BYTES)
const tooLarge = (t: Translate, file: File) =>
  new Error(
    isZipFile(file)
      ? t('account.import.archiveTooLarge', { size: sizeText(file.size), max: IMPORT_ARCHIVE_MAX_LABEL })
      : t('account.import.fileTooLarge', { size: sizeText(file.size), max: IMPORT_MAX_LABEL }),
  )

export function ImportPanel() {
  const t = useMessages()
  const [state, setState] = useState<State>({ step: 'idle' })
  /** How much of the file has been uploaded, 0 to 1; at 1 the server is working on it. */
  const [sent, setSent] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const hintId = useId()
  const preview = usePreviewImport()
  const save = useImportData()
  const once = useSingleFlight()

  const check = (file: File) => {
    if (file.size > maxBytes(file)) return setState({ step: 'error', file, error: tooLarge(t, file), retry: () => check(file) })
    setState({ step: 'checking', file })
    setSent(0)
    preview.mutate(
      { file, onProgress: setSent },
      {
        onSuccess: (result) => setState({ step: 'preview', file, result }),
        onError: (error) => setState({ step: 'error', file, error, retry: () => check(file) }),
      },
    )
  }
  const store = (file: File, result: ImportResult) =>
    once(async () => {
      setState({ step: 'importing', file, result })
      setSent(0)
      try {
        setState({ step: 'done', file, result: await save.mutateAsync({ file, onProgress: setSent }) })
      } catch (error) {
        setState({ step: 'error', file, error: error as Error, retry: () => void store(file, result) })
      }
    })
  const reset = () => {
    if (inputRef.current) inputRef.current.value = ''
    setState({ step: 'idle' })
  }
  const busy = state.step === 'checking' || state.step === 'importing'

  return (
    <div className="space-y-4">
      <h3 className="font-medium">{t('account.import.title')}</h3>
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t('account.import.choose')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".json,.zip,.csv,application/json,application/zip,text/csv"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) check(file)
          }}
          className="block text-sm file:mr-3 file:rounded-lg file:border file:border-input/60 file:bg-card file:px-3 file:py-2 file:font-medium"
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('account.import.hint', { max: IMPORT_MAX_LABEL, archiveMax: IMPORT_ARCHIVE_MAX_LABEL })}
        </p>
      </div>

      {state.step !== 'idle' && <FileLine t={t} name={state.file.name} size={sizeText(state.file.size)} />}
      {busy && <UploadStatus sent={sent} what={state.step === 'checking' ? t('account.import.checking') : t('account.import.importing')} />}
      {(state.step === 'preview' || state.step === 'importing') && (
        <div className="space-y-3">
          <ImportSummary result={state.result} />
          <ImportPreviewList result={state.result} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void store(state.file, state.result)} disabled={busy || nothingIn(state.result.created)}>
              {state.step === 'importing' && <Spinner label={t('account.import.importing')} className="text-current [&_svg]:size-4" />}
              {state.step === 'importing'
                ? t('account.import.importingBusy')
                : nothingIn(state.result.created)
                  ? t('account.import.nothingNew')
                  : importLabel(t, state.result.created)}
            </Button>
            <Button variant="ghost" onClick={reset} disabled={busy}>
              {t('account.import.chooseAnother')}
            </Button>
          </div>
        </div>
      )}
      {state.step === 'done' && (
        <div role="status" className="space-y-3">
          <p className="font-medium">{t('account.import.complete')}</p>
          <ImportSummary result={state.result} />
          <Button variant="outline" onClick={reset}>
            {t('account.import.another')}
          </Button>
        </div>
      )}
      {state.step === 'error' && (
        <div className="space-y-3">
          <ImportProblems error={state.error} />
          <div className="flex flex-wrap gap-3">
            {state.file.size <= maxBytes(state.file) && (
              <Button variant="outline" onClick={state.retry}>
                {t('account.import.tryAgain')}
              </Button>
            )}
            <Button variant="ghost" onClick={reset}>
              {t('account.import.chooseAnother')}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

/** The chosen file: its name set apart, and its size. */
function FileLine({ t, name, size }: { t: Translate; name: string; size: string }) {
  const [before, after] = aroundPlaceholder(t, 'account.import.file', 'name', { size })
  return (
    <p className="text-sm">
      {before}
      <span className="font-medium">{name}</span>
      {after}
    </p>
  )
}
