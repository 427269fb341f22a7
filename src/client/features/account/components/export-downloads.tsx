import { Download } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { downloadBlendsCsv } from '#client/features/account/api/download-blends-csv.ts'
import { downloadExport } from '#client/features/account/api/download-export.ts'
import { downloadTestEntriesCsv } from '#client/features/account/api/download-test-entries-csv.ts'

const DOWNLOADS = [
  {
    label: 'Download my data',
    hint: 'Everything in your journal as one JSON file, which Accord can import again. When your bottles have documents, it is a .zip archive holding that file and the documents.',
    run: downloadExport,
  },
  { label: 'Download blends (CSV)', hint: 'One row per blend version, for a spreadsheet.', run: downloadBlendsCsv },
  { label: 'Download test entries (CSV)', hint: 'One row per test entry, for a spreadsheet.', run: downloadTestEntriesCsv },
] as const

/** One download: 'Preparing...' while the file comes, a message when it could not. */
function DownloadButton({ label, hint, run }: (typeof DOWNLOADS)[number]) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  const once = useSingleFlight()
  const hintId = `${label.replace(/\W+/g, '-').toLowerCase()}-hint`
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
      <Button variant="outline" className="sm:w-64" onClick={() => void start()} disabled={state.busy} aria-describedby={hintId}>
        <Download aria-hidden="true" />
        {state.busy ? 'Preparing...' : label}
      </Button>
      <span id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </span>
      {state.error && (
        <p role="alert" className="text-sm text-destructive">
          Could not download: {state.error}
        </p>
      )}
    </li>
  )
}

export function ExportDownloads() {
  return (
    <div className="space-y-3">
      <h3 className="font-medium">Download</h3>
      <ul className="space-y-3">
        {DOWNLOADS.map((d) => (
          <DownloadButton key={d.label} {...d} />
        ))}
      </ul>
    </div>
  )
}
