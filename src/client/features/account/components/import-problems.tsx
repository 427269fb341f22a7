import { ApiError } from '#client/lib/api-client.ts'
import { useMessages } from '#client/lib/i18n.ts'

type Detail = { path: string; message: string }

const detailsOf = (error: Error): Detail[] =>
  error instanceof ApiError && Array.isArray(error.details)
    ? (error.details as unknown[]).filter(
        (d): d is Detail => typeof (d as Detail | null)?.path === 'string' && typeof (d as Detail).message === 'string',
      )
    : []

/** Shown at most; the server sends up to 100. */
const MAX_SHOWN = 20

/** Why nothing was imported: the server's message and each place in the file it names. */
export function ImportProblems({ error }: { error: Error }) {
  const t = useMessages()
  const details = detailsOf(error)
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="font-medium text-destructive">{t('account.import.nothingImported')}</p>
      <p>{error.message}</p>
      {details.length > 0 && (
        <ul className="list-inside list-disc space-y-1">
          {details.slice(0, MAX_SHOWN).map((d, i) => (
            <li key={`${d.path}-${i}`}>
              <code className="font-mono text-xs">{d.path}</code>: {d.message}
            </li>
          ))}
          {details.length > MAX_SHOWN && <li>{t('account.import.more', { count: details.length - MAX_SHOWN })}</li>}
        </ul>
      )}
    </div>
  )
}
