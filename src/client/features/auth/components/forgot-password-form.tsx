import { ArrowLeft } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '#client/components/ui/toast.tsx'
import { AUTH_MESSAGES, requestPasswordReset } from '#client/lib/auth-client.ts'
import { AuthField } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { checkForgotPassword, type ForgotPasswordValues } from '#client/features/auth/validation.ts'

export function ForgotPasswordForm({
  defaultEmail,
  onEmailChange,
  onBack,
}: {
  defaultEmail: string
  onEmailChange: (email: string) => void
  onBack: () => void
}) {
  const id = useId()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { form, onSubmit, busy, message, messageId, invalid } = useAuthForm<ForgotPasswordValues>({
    defaultValues: { email: defaultEmail },
    check: checkForgotPassword,
    fallbackMessage: AUTH_MESSAGES.resetFailed,
    submit: async ({ email }) => {
      await requestPasswordReset(email.trim())
      setSentTo(email.trim())
      toast.success('Reset email sent!')
    },
  })

  return (
    <div className="grid gap-4">
      {sentTo ? (
        <FormMessage
          tone="success"
          message={`We sent a link to ${sentTo}. Open it within an hour to choose a new password.`}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
          <FormMessage id={messageId} message={message} />
          <AuthField
            id={`${id}-email`}
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            invalid={invalid('email')}
            messageId={messageId}
            {...form.register('email', { onChange: (e: { target: { value: string } }) => onEmailChange(e.target.value) })}
          />
          <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="inline-flex cursor-pointer items-center gap-1.5 justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to sign in
      </button>
    </div>
  )
}
