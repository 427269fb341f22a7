import { textButtonClass } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { signIn } from '#client/lib/auth-client.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { emailInput, reportEmail } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { SignInFormSchema, type SignInValues } from '#client/features/auth/validation.ts'

export function SignInForm({
  defaultEmail,
  onEmailChange,
  onForgotPassword,
}: {
  defaultEmail: string
  onEmailChange: (email: string) => void
  onForgotPassword: () => void
}) {
  const t = useMessages()
  const { onSubmit, busy, message, messageId, field } = useAuthForm<SignInValues>({
    defaultValues: { email: defaultEmail, password: '' },
    schema: SignInFormSchema,
    submit: async ({ email, password }) => {
      await signIn({ email: email.trim(), password })
      toast.success(t('auth.signIn.welcome'))
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.signIn.form')}>
      <FormMessage id={messageId} message={message} />
      <FormField {...emailInput(t)} {...field('email', reportEmail(onEmailChange))} />
      <div className="grid gap-2">
        <FormField label={t('auth.field.password')} type="password" autoComplete="current-password" {...field('password')} />
        {/* After the field, so the keyboard goes email, password, Sign In. */}
        <button type="button" onClick={onForgotPassword} className={cn(textButtonClass, 'justify-self-end text-sm')}>
          {t('auth.signIn.forgotPassword')}
        </button>
      </div>
      <SubmitButton busy={busy} label={t('auth.signIn.submit')} busyLabel={t('auth.signIn.busy')} />
    </form>
  )
}
