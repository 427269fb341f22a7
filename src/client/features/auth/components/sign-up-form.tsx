import { toast } from '#client/components/ui/toast.tsx'
import { signUp } from '#client/lib/auth-client.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { EMAIL_INPUT, NEW_PASSWORD_INPUT, reportEmail } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { SignUpFormSchema, type SignUpValues } from '#client/features/auth/validation.ts'

export function SignUpForm({ defaultEmail, onEmailChange }: { defaultEmail: string; onEmailChange: (email: string) => void }) {
  const { onSubmit, busy, message, messageId, field } = useAuthForm<SignUpValues>({
    defaultValues: { name: '', email: defaultEmail, password: '' },
    schema: SignUpFormSchema,
    submit: async ({ name, email, password }) => {
      await signUp({ name: name.trim(), email: email.trim(), password })
      toast.success('Welcome to Accord!')
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create account">
      <FormMessage id={messageId} message={message} />
      <FormField label="Name" autoComplete="name" {...field('name')} />
      <FormField {...EMAIL_INPUT} {...field('email', reportEmail(onEmailChange))} />
      <FormField label="Password" {...NEW_PASSWORD_INPUT} {...field('password')} />
      <SubmitButton busy={busy} label="Create Account" busyLabel="Creating account..." />
    </form>
  )
}
