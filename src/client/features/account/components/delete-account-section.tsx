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

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted'

/** Deletes the account once its e-mail address is typed; then the landing page, signed out. */
export function DeleteAccountSection({ email }: { email: string }) {
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
        setError(failureMessage(err))
        setBusy(false)
        return
      }
      forgetSession()
      toast.success(ACCOUNT_DELETED_MESSAGE, { description: 'Your blends, versions and test entries are gone.' })
      void navigate('/', { replace: true })
    })
  }

  return (
    <AccountSection title="Delete account" danger description="Deleting your account cannot be undone.">
      <form noValidate onSubmit={submit} aria-label="Delete account" className="grid gap-4">
        <p className="text-sm text-foreground">
          This permanently deletes your account and everything in it: every blend, every version, every test entry and every share link. You
          will be signed out on every device.
        </p>
        <FormStatus id={messageId} message={error ? { tone: 'error', text: error } : null} />
        <FormField
          id={fieldId}
          label={`Type your email address (${email}) to confirm`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          invalid={error !== null}
          messageId={messageId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="destructive" className="w-full sm:w-auto sm:justify-self-start" disabled={!confirmed || busy}>
          {busy ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </AccountSection>
  )
}
