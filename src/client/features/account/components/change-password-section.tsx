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
import { useMessages } from '#client/lib/i18n.ts'

/** A new password for an account that has one; a Google-only account is offered a link to set one. */
export function ChangePasswordSection({ account }: { account: AccountInfo }) {
  const t = useMessages()
  const hasPassword = account.signInMethods.includes('password')
  return (
    <AccountSection
      title={hasPassword ? t('account.password.change') : t('account.password.title')}
      description={hasPassword ? t('account.password.changeDescription') : t('account.password.googleOnly')}
    >
      {hasPassword ? <ChangePasswordForm /> : <SetPasswordByEmail email={account.email} />}
    </AccountSection>
  )
}

function ChangePasswordForm() {
  const t = useMessages()
  const { onSubmit, busy, message, setMessage, messageId, field, form } = useAccountForm<ChangePasswordValues>({
    schema: ChangePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: async ({ currentPassword, newPassword }) => {
      await changePassword({ currentPassword, newPassword })
      form.reset()
      setMessage({ tone: 'success', text: t('account.password.changed') })
      toast.success(t('account.password.toast'), { description: t('account.password.toastDescription') })
    },
  })
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('account.password.change')} className="grid gap-4">
      <FormStatus id={messageId} message={message} />
      <FormField label={t('account.password.current')} type="password" autoComplete="current-password" {...field('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('account.password.hint', { min: PASSWORD_MIN_LENGTH })}
          {...field('newPassword')}
        />
        <FormField label={t('account.password.confirm')} type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </div>
      <SaveButton busy={busy} label={t('account.password.change')} busyLabel={t('account.password.changing')} />
    </form>
  )
}

/** The identity service creates the password when a reset link is used, also for a Google-only account. */
function SetPasswordByEmail({ email }: { email: string }) {
  const t = useMessages()
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const singleFlight = useSingleFlight()
  const send = () =>
    singleFlight(async () => {
      setBusy(true)
      setMessage(null)
      try {
        await requestPasswordReset(email)
        setMessage({ tone: 'success', text: t('account.password.linkSent', { email }) })
      } catch (err) {
        setMessage({ tone: 'error', text: failureMessage(t, err) })
      } finally {
        setBusy(false)
      }
    })
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('account.password.setByEmail')}</p>
      <FormStatus message={message} />
      <Button wraps variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled={busy} onClick={() => void send()}>
        {busy ? t('account.password.sending') : t('account.password.sendLink')}
      </Button>
    </div>
  )
}
