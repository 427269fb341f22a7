import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { AUTH_MESSAGES, requestPasswordReset } from '#client/lib/auth-client.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { emailInput, reportEmail } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { ForgotPasswordFormSchema, type ForgotPasswordValues } from '#client/features/auth/validation.ts'

export function ForgotPasswordForm({
  defaultEmail,
  onEmailChange,
  onBack,
}: {
  defaultEmail: string
  onEmailChange: (email: string) => void
  onBack: () => void
}) {
  const t = useMessages()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { onSubmit, busy, message, messageId, field } = useAuthForm<ForgotPasswordValues>({
    defaultValues: { email: defaultEmail },
    schema: ForgotPasswordFormSchema,
    fallbackMessage: AUTH_MESSAGES.resetFailed,
    submit: async ({ email }) => {
      await requestPasswordReset(email.trim())
      setSentTo(email.trim())
      toast.success(t('auth.forgot.toast'))
    },
  })

  return (
    <div className="grid gap-4">
      {sentTo ? (
        <FormMessage tone="success" message={t('auth.forgot.sent', { email: sentTo })} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.forgot.form')}>
          <FormMessage id={messageId} message={message} />
          <FormField {...emailInput(t)} {...field('email', reportEmail(onEmailChange))} />
          <SubmitButton busy={busy} label={t('auth.forgot.submit')} busyLabel={t('auth.forgot.busy')} />
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className={cn(textButtonClass, 'inline-flex items-center gap-1.5 justify-self-center text-sm')}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('auth.forgot.back')}
      </button>
    </div>
  )
}
