import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { problemText } from '#client/features/auth/auth-catalog.ts'

/**
 * The one message of an auth form: an error (announced as an alert) or a confirmation. A message the
 * spec or the identity service words in English is shown in the interface's language.
 */
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
  const t = useMessages()
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
      <span>{problemText(t, message)}</span>
    </p>
  )
}
