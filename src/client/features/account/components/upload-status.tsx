import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** An upload's progress bar while the file is sent, then a spinner while the server works on it. */
export function UploadStatus({ sent, what }: { sent: number; what: string }) {
  const t = useMessages()
  const percent = Math.round(sent * 100)
  const uploading = sent < 1
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-center gap-2">
        <Spinner label={what} className="[&_svg]:size-4" />
        {uploading ? t('account.import.uploading', { percent }) : `${what}...`}
      </p>
      {uploading && (
        <progress aria-label={t('account.import.progress')} max={100} value={percent} className="h-2 w-full max-w-sm accent-primary" />
      )}
    </div>
  )
}
