import type { ComponentProps } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'

/** A labelled input of a form; `invalid` marks it and points it at the form's message. */
export function FormField({
  id,
  label,
  invalid = false,
  messageId,
  hint,
  ...inputProps
}: ComponentProps<'input'> & {
  id: string
  label: string
  invalid?: boolean
  /** The id of the form's error message, read out with an invalid field. */
  messageId?: string
  hint?: string
}) {
  const hintId = hint ? `${id}-hint` : undefined
  const describedBy = [invalid ? messageId : undefined, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
