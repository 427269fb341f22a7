import { cn } from '#client/lib/cn.ts'

/** A form's one message: an error (announced as an alert) or a confirmation (a status); no icon, to keep the page's chunk list short. */
export function FormStatus({
  id,
  message,
  className,
}: {
  id?: string
  message: { tone: 'error' | 'success'; text: string } | null
  className?: string
}) {
  if (!message) return null
  const error = message.tone === 'error'
  return (
    <p
      id={id}
      role={error ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2.5 text-sm',
        error ? 'border-destructive/30 bg-destructive/5 text-destructive' : 'border-primary/20 bg-primary-soft text-primary',
        className,
      )}
    >
      {message.text}
    </p>
  )
}
