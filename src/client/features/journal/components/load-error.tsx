import { CloudOff } from 'lucide-react'
import { isNotOnDevice, NOT_ON_DEVICE_MESSAGE } from '#client/lib/api-client.ts'
import { Button } from '#client/components/ui/button.tsx'

/**
 * A load that failed, with a way to try again. Offline, data never saved on this device says so
 * instead (decision 039): it loads by itself when the connection returns.
 */
export function LoadError({
  message,
  onRetry,
  error,
  notOnDeviceMessage = NOT_ON_DEVICE_MESSAGE,
}: {
  message: string
  onRetry: () => void
  error?: unknown
  notOnDeviceMessage?: string
}) {
  if (isNotOnDevice(error)) {
    return (
      <p role="status" className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-card p-5 text-muted-foreground">
        <CloudOff aria-hidden="true" className="size-5 shrink-0" />
        {notOnDeviceMessage}
      </p>
    )
  }
  return (
    <p role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-card p-5 text-muted-foreground">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </p>
  )
}
