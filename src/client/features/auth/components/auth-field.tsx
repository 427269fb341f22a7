import type { ComponentProps } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts'

/** An AuthField for an e-mail address. */
export const EMAIL_INPUT = { label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false } as const

/** An AuthField for choosing a password (sign-up, reset). */
export const NEW_PASSWORD_INPUT = {
  type: 'password',
  autoComplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters`,
} as const

/** Register options that report each change of the e-mail (the auth card carries it between views). */
export const reportEmail = (onEmailChange: (email: string) => void) => ({
  onChange: (event: { target: { value: string } }) => onEmailChange(event.target.value),
})

/** A labelled input of the auth forms; `invalid` marks it and points it at the form's message. */
export function AuthField({
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
