import { useId } from 'react'
import { AUTH_ERROR_CODES, PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts'
import { AuthError, resetPassword } from '#client/lib/auth-client.ts'
import { AuthField } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { checkResetPassword, type ResetPasswordValues } from '#client/features/auth/validation.ts'

/** The new password for the token of an e-mailed link; a link that no longer works is reported up. */
export function ResetPasswordForm({
  token,
  onDone,
  onInvalidLink,
}: {
  token: string
  onDone: () => void
  onInvalidLink: () => void
}) {
  const id = useId()
  const { form, onSubmit, busy, message, messageId, invalid } = useAuthForm<ResetPasswordValues>({
    defaultValues: { password: '', confirmPassword: '' },
    check: checkResetPassword,
    submit: async ({ password }) => {
      try {
        await resetPassword(token, password)
      } catch (err) {
        if (err instanceof AuthError && err.code === AUTH_ERROR_CODES.INVALID_RESET_TOKEN) return onInvalidLink()
        throw err
      }
      onDone()
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
      <FormMessage id={messageId} message={message} />
      <AuthField
        id={`${id}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        invalid={invalid('password')}
        messageId={messageId}
        {...form.register('password')}
      />
      <AuthField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        invalid={invalid('confirmPassword')}
        messageId={messageId}
        {...form.register('confirmPassword')}
      />
      <SubmitButton busy={busy} label="Update Password" busyLabel="Updating..." />
    </form>
  )
}
