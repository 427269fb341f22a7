import { PASSWORD_MIN_LENGTH } from '#shared/api/auth-codes.ts'

/** A FormField (components/ui/form-field.tsx) for an e-mail address. */
export const EMAIL_INPUT = { label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false } as const

/** A FormField for choosing a password (sign-up, reset). */
export const NEW_PASSWORD_INPUT = {
  type: 'password',
  autoComplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters`,
} as const

/** Register options that report each change of the e-mail (the auth card carries it between views). */
export const reportEmail = (onEmailChange: (email: string) => void) => ({
  onChange: (event: { target: { value: string } }) => onEmailChange(event.target.value),
})
