import { useId } from 'react'
import { toast } from '#client/components/ui/toast.tsx'
import { signIn } from '#client/lib/auth-client.ts'
import { AuthField } from '#client/features/auth/components/auth-field.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx'
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts'
import { checkSignIn, type SignInValues } from '#client/features/auth/validation.ts'

export function SignInForm({
  defaultEmail,
  onEmailChange,
  onForgotPassword,
}: {
  defaultEmail: string
  onEmailChange: (email: string) => void
  onForgotPassword: () => void
}) {
  const id = useId()
  const { form, onSubmit, busy, message, messageId, invalid } = useAuthForm<SignInValues>({
    defaultValues: { email: defaultEmail, password: '' },
    check: checkSignIn,
    submit: async ({ email, password }) => {
      await signIn({ email: email.trim(), password })
      toast.success('Welcome back!')
    },
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
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
      <div className="grid gap-2">
        <AuthField
          id={`${id}-password`}
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={invalid('password')}
          messageId={messageId}
          {...form.register('password')}
        />
        {/* After the field, so the keyboard goes email, password, Sign In. */}
        <button
          type="button"
          onClick={onForgotPassword}
          className="cursor-pointer justify-self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Forgot password?
        </button>
      </div>
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
    </form>
  )
}
