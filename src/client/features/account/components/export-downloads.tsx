import { Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { downloadBlendsCsv } from '#client/features/account/api/download-blends-csv.ts'
import { downloadExport } from '#client/features/account/api/download-export.ts'
import { downloadTestEntriesCsv } from '#client/features/account/api/download-test-entries-csv.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** Each download: its name (the hint's element id) and its words' ids (`account.download.<name>.label`, `.hint`). */
const DOWNLOADS = [
  { name: 'data', run: downloadExport },
  { name: 'blends', run: downloadBlendsCsv },
  { name: 'test-entries', run: downloadTestEntriesCsv },
] as const

const WORDS: Record<(typeof DOWNLOADS)[number]['name'], string> = { data: 'data', blends: 'blends', 'test-entries': 'testEntries' }

/** One download: 'Preparing...' while the file comes, a message when it could not. */
function DownloadButton({ name, run }: (typeof DOWNLOADS)[number]) {
  const t = useMessages()
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const once = useSingleFlight()
  const hintId = `download-${name}-hint`
  const start = () =>
    once(async () => {
      setState({ busy: true, error: null })
      try {
        await run()
        setState({ busy: false, error: null })
      } catch (err) {
        setState({ busy: false, error: err instanceof Error ? err.message : String(err) })
      }
    })
  return (
    <li className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
      <Button wraps variant="outline" className="sm:w-64" onClick={() => void start()} disabled={state.busy} aria-describedby={hintId}>
        <Download aria-hidden="true" />
        {state.busy ? t('account.download.preparing') : t(`account.download.${WORDS[name]}.label`)}
      </Button>
      <span id={hintId} className="text-sm text-muted-foreground">
        {t(`account.download.${WORDS[name]}.hint`)}
      </span>
      {state.error && (
        <p role="alert" className="text-sm text-destructive">
          {t('account.download.failed', { error: state.error })}
        </p>
      )}
    </li>
  )
}

export function ExportDownloads() {
  const t = useMessages()
  return (
    <div className="space-y-3">
      <h3 className="font-medium">{t('account.download.title')}</h3>
      <ul className="space-y-3">
        {DOWNLOADS.map((d) => (
          <DownloadButton key={d.name} {...d} />
        ))}
      </ul>
    </div>
  )
}
