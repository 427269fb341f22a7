import { PASSWORD_MIN_LENGTH } from '#shared/api/auth-codes.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/** A FormField (components/ui/form-field.tsx) for an e-mail address. */
export const emailInput = (t: Translate) =>
  ({ label: t('auth.field.email'), type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false }) as const

/** A FormField for choosing a password (sign-up, reset). */
export const newPasswordInput = (t: Translate) =>
  ({
    type: 'password',
    autoComplete: 'new-password',
    hint: t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH }),
  }) as const

/** Register options that report each change of the e-mail (the auth card carries it between views). */
export const reportEmail = (onEmailChange: (email: string) => void) => ({
  onChange: (event: { target: { value: string } }) => onEmailChange(event.target.value),
})
