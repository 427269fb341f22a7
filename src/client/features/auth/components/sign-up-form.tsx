import { toast } from '#client/components/ui/toast.tsx'
import { signUp } from '#client/lib/auth-client.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { emailInput, newPasswordInput, reportEmail } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { SignUpFormSchema, type SignUpValues } from '#client/features/auth/validation.ts'

export function SignUpForm({ defaultEmail, onEmailChange }: { defaultEmail: string; onEmailChange: (email: string) => void }) {
  const t = useMessages()
  const { onSubmit, busy, message, messageId, field } = useAuthForm<SignUpValues>({
    defaultValues: { name: '', email: defaultEmail, password: '' },
    schema: SignUpFormSchema,
    submit: async ({ name, email, password }) => {
      await signUp({ name: name.trim(), email: email.trim(), password })
      toast.success(t('auth.signUp.welcome'))
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('auth.signUp.form')}>
      <FormMessage id={messageId} message={message} />
      <FormField label={t('auth.field.name')} autoComplete="name" {...field('name')} />
      <FormField {...emailInput(t)} {...field('email', reportEmail(onEmailChange))} />
      <FormField label={t('auth.field.password')} {...newPasswordInput(t)} {...field('password')} />
      <SubmitButton busy={busy} label={t('auth.signUp.submit')} busyLabel={t('auth.signUp.busy')} />
    </form>
  )
}
