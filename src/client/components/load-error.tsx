import { CloudOff } from 'lucide-react'
import { isNotOnDevice } from '#client/lib/api-client.ts'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import '#client/lib/ui-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The one way a screen shows a load that failed: what could not be loaded, and Try again. Offline,
 * data never saved on this device says so instead (decision 039): it loads by itself when the
 * connection returns. `inline` sits in a line of the page (Home's introduction, a field's place);
 * the default is a card where the content would be. `detail` adds the server's own words.
 */
export function LoadError({
  message,
  detail,
  onRetry,
  error,
  notOnDeviceMessage,
  inline = false,
}: {
  message: string
  detail?: string
  onRetry: () => void
  error?: unknown
  notOnDeviceMessage?: string
  inline?: boolean
}) {
  const t = useMessages()
  const frame = inline ? 'text-muted-foreground' : 'rounded-card border border-border bg-card p-5 text-muted-foreground'
  if (isNotOnDevice(error)) {
    return (
      <p role="status" className={cn('flex flex-wrap items-center gap-3', frame)}>
        <CloudOff aria-hidden="true" className="size-5 shrink-0" />
        {notOnDeviceMessage ?? t('ui.notOnDevice')}
      </p>
    )
  }
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3', frame)}>
      <p>
        {message}
        {detail ? <span className="mt-1 block text-sm">{detail}</span> : null}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('ui.tryAgain')}
      </Button>
    </div>
  )
}
