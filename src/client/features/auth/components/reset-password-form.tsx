import { AUTH_ERROR_CODES } from '#shared/api/auth-codes.ts'
import { ApiError } from '#client/lib/api-error.ts'
import { resetPassword } from '#client/lib/auth-client.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { NEW_PASSWORD_INPUT } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { ResetPasswordFormSchema, type ResetPasswordValues } from '#client/features/auth/validation.ts'

/** The new password for the token of an e-mailed link; a link that no longer works is reported up. */
export function ResetPasswordForm({ token, onDone, onInvalidLink }: { token: string; onDone: () => void; onInvalidLink: () => void }) {
  const { onSubmit, busy, message, messageId, field } = useAuthForm<ResetPasswordValues>({
    defaultValues: { password: '', confirmPassword: '' },
    schema: ResetPasswordFormSchema,
    submit: async ({ password }) => {
      try {
        await resetPassword(token, password)
      } catch (err) {
        if (err instanceof ApiError && err.code === AUTH_ERROR_CODES.INVALID_RESET_TOKEN) return onInvalidLink()
        throw err
      }
      onDone()
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Choose a new password">
      <FormMessage id={messageId} message={message} />
      <FormField label="New password" {...NEW_PASSWORD_INPUT} {...field('password')} />
      <FormField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <SubmitButton busy={busy} label="Update Password" busyLabel="Updating..." />
    </form>
  )
}
