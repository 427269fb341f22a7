import { useId } from 'react'
import { toast } from '#client/components/ui/toast.tsx'
import { PASSWORD_MIN_LENGTH } from '#shared/api/auth.ts'
import { signUp } from '#client/lib/auth-client.ts'
import { AuthField } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { checkSignUp, type SignUpValues } from '#client/features/auth/validation.ts'

export function SignUpForm({
  defaultEmail,
  onEmailChange,
}: {
  defaultEmail: string
  onEmailChange: (email: string) => void
}) {
  const id = useId()
  const { form, onSubmit, busy, message, messageId, invalid } = useAuthForm<SignUpValues>({
    defaultValues: { name: '', email: defaultEmail, password: '' },
    check: checkSignUp,
    submit: async ({ name, email, password }) => {
      await signUp({ name: name.trim(), email: email.trim(), password })
      toast.success('Welcome to Accord!')
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create account">
      <FormMessage id={messageId} message={message} />
      <AuthField
        id={`${id}-name`}
        label="Name"
        autoComplete="name"
        invalid={invalid('name')}
        messageId={messageId}
        {...form.register('name')}
      />
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
      <AuthField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        invalid={invalid('password')}
        messageId={messageId}
        {...form.register('password')}
      />
      <SubmitButton busy={busy} label="Create Account" busyLabel="Creating account..." />
    </form>
  )
}
