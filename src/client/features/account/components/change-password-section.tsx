import { useState } from 'react'
import type { AccountInfo } from '#shared/api/account.ts'
import { PASSWORD_MIN_LENGTH } from '#shared/api/auth-codes.ts'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { requestPasswordReset } from '#client/lib/auth-client.ts'
import { changePassword } from '#client/features/account/api/change-password.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { SaveButton } from '#client/features/account/components/save-button.tsx'
import { failureMessage, useAccountForm } from '#client/features/account/hooks/use-account-form.ts'
import { ChangePasswordFormSchema, type ChangePasswordValues } from '#client/features/account/validation.ts'

export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed. Every other device was signed out; this one stays signed in.'

/** A new password for an account that has one; a Google-only account is offered a link to set one. */
export function ChangePasswordSection({ account }: { account: AccountInfo }) {
  const hasPassword = account.signInMethods.includes('password')
  return (
    <AccountSection
      title={hasPassword ? 'Change password' : 'Password'}
      description={
        hasPassword
          ? 'Changing your password signs you out on every other device.'
          : 'You sign in with Google, so this account has no password.'
      }
    >
      {hasPassword ? <ChangePasswordForm /> : <SetPasswordByEmail email={account.email} />}
    </AccountSection>
  )
}

function ChangePasswordForm() {
  const { onSubmit, busy, message, setMessage, messageId, field, form } = useAccountForm<ChangePasswordValues>({
    schema: ChangePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: async ({ currentPassword, newPassword }) => {
      await changePassword({ currentPassword, newPassword })
      form.reset()
      setMessage({ tone: 'success', text: PASSWORD_CHANGED_MESSAGE })
      toast.success('Password changed', { description: 'Other devices were signed out.' })
    },
  })
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password" className="grid gap-4">
      <FormStatus id={messageId} message={message} />
      <FormField label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...field('newPassword')}
        />
        <FormField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </div>
      <SaveButton busy={busy} label="Change password" busyLabel="Changing..." />
    </form>
  )
}

/** The identity service creates the password when a reset link is used, also for a Google-only account. */
function SetPasswordByEmail({ email }: { email: string }) {
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const singleFlight = useSingleFlight()
  const send = () =>
    singleFlight(async () => {
      setBusy(true)
      setMessage(null)
      try {
        await requestPasswordReset(email)
        setMessage({ tone: 'success', text: `We sent a link to ${email}. Open it within an hour to choose a password.` })
      } catch (err) {
        setMessage({ tone: 'error', text: failureMessage(err) })
      } finally {
        setBusy(false)
      }
    })
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        To sign in with your email and a password as well, we can email you a link to choose one.
      </p>
      <FormStatus message={message} />
      <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled={busy} onClick={() => void send()}>
        {busy ? 'Sending...' : 'Email me a link to set a password'}
      </Button>
    </div>
  )
}
