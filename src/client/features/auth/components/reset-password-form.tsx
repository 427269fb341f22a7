import { AUTH_ERROR_CODES } from '#shared/api/auth-codes.ts'
import { ApiError } from '#client/lib/api-error.ts'
import { resetPassword } from '#client/lib/auth-client.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { newPasswordInput } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { ResetPasswordFormSchema, type ResetPasswordValues } from '#client/features/auth/validation.ts'

/** The new password for the token of an e-mailed link; a link that no longer works is reported up. */
export function ResetPasswordForm({ token, onDone, onInvalidLink }: { token: string; onDone: () => void; onInvalidLink: () => void }) {
  const t = useMessages()
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
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.reset.form.title')}>
      <FormMessage id={messageId} message={message} />
      <FormField label={t('auth.reset.newPassword')} {...newPasswordInput(t)} {...field('password')} />
      <FormField label={t('auth.reset.confirm')} type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <SubmitButton busy={busy} label={t('auth.reset.submit')} busyLabel={t('auth.reset.busy')} />
    </form>
  )
}
