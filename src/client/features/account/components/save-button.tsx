import { LoaderCircle } from 'lucide-react'
import { Button, type ButtonVariant } from '#client/components/ui/button.tsx'

/** A form's submit button: disabled with a spinner and `busyLabel` while its request is in flight. */
export function SaveButton({
  busy,
  label,
  busyLabel,
  variant = 'primary',
  disabled = false,
}: {
  busy: boolean
  label: string
  busyLabel: string
  variant?: ButtonVariant
  disabled?: boolean
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      wraps
      className="w-full sm:w-auto sm:justify-self-start"
      disabled={busy || disabled}
      aria-disabled={busy || undefined}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
      {busy ? busyLabel : label}
    </Button>
  )
}
