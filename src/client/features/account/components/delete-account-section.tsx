import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { confirmsEmail } from '#shared/api/account.ts'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { forgetSession } from '#client/lib/auth-client.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { deleteAccount } from '#client/features/account/api/delete-account.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** Deletes the account once its e-mail address is typed; then the landing page, signed out. */
export function DeleteAccountSection({ email }: { email: string }) {
  const t = useMessages()
  const navigate = useNavigate()
  const singleFlight = useSingleFlight()
  const fieldId = useId()
  const messageId = useId()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const confirmed = confirmsEmail(typed, email)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!confirmed) return
    void singleFlight(async () => {
      setBusy(true)
      setError(null)
      try {
        await deleteAccount(typed)
      } catch (err) {
        setError(failureMessage(t, err))
        setBusy(false)
        return
      }
      forgetSession()
      toast.success(t('account.delete.deleted'), { description: t('account.delete.deletedDescription') })
      void navigate('/', { replace: true })
    })
  }

  return (
    <AccountSection title={t('account.delete.title')} danger description={t('account.delete.description')}>
      <form noValidate onSubmit={submit} aria-label={t('account.delete.title')} className="grid gap-4">
        <p className="text-sm text-foreground">{t('account.delete.warning')}</p>
        <FormStatus id={messageId} message={error ? { tone: 'error', text: error } : null} />
        <FormField
          id={fieldId}
          label={t('account.delete.confirm', { email })}
          type="email"
          autoComplete="off"
          spellCheck={false}
          invalid={error !== null}
          messageId={messageId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button wraps type="submit" variant="destructive" className="w-full sm:w-auto sm:justify-self-start" disabled={!confirmed || busy}>
          {busy ? t('account.delete.deleting') : t('account.delete.submit')}
        </Button>
      </form>
    </AccountSection>
  )
}
