import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { signOutEverywhere } from '#client/features/account/api/sign-out-everywhere.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** Ends every session of the account, this one included, and lands on the landing page. */
export function SignOutEverywhereSection() {
  const t = useMessages()
  const navigate = useNavigate()
  const singleFlight = useSingleFlight()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = () =>
    singleFlight(async () => {
      setBusy(true)
      setError(null)
      try {
        await signOutEverywhere()
        toast.success(t('account.signOutEverywhere.toast'), { description: t('account.signOutEverywhere.toastDescription') })
        void navigate('/', { replace: true })
      } catch (err) {
        setError(failureMessage(t, err))
        setBusy(false)
      }
    })
  return (
    <AccountSection title={t('account.signOutEverywhere.title')} description={t('account.signOutEverywhere.description')}>
      <div className="grid gap-4">
        <FormStatus message={error ? { tone: 'error', text: error } : null} />
        <Button wraps variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled={busy} onClick={() => void run()}>
          {busy ? t('account.signOutEverywhere.busy') : t('account.signOutEverywhere.title')}
        </Button>
      </div>
    </AccountSection>
  )
}
