import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

/** The one message of an auth form: an error (announced as an alert) or a confirmation. */
export function FormMessage({
  id,
  message,
  tone = 'error',
  className,
}: {
  id?: string
  message: string | null
  tone?: 'error' | 'success'
  className?: string
}) {
  if (!message) return null
  const Icon = tone === 'error' ? CircleAlert : CircleCheck
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error' ? 'border-destructive/30 bg-destructive/5 text-destructive' : 'border-primary/20 bg-primary-soft text-primary',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}
