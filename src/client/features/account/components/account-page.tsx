import { lazy, Suspense } from 'react'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useAccount } from '#client/features/account/api/get-account.ts'
import { ChangePasswordSection } from '#client/features/account/components/change-password-section.tsx'
import { CurrencySection } from '#client/features/account/components/currency-section.tsx'
import { DeleteAccountSection } from '#client/features/account/components/delete-account-section.tsx'
import { ProfileSection } from '#client/features/account/components/profile-section.tsx'
import { SignOutEverywhereSection } from '#client/features/account/components/sign-out-everywhere-section.tsx'
import { YourDataSection } from '#client/features/account/components/your-data-section.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/account/account-catalog.ts'

// Connected apps (decision 046) load on their own chunk too: the dialog behind Disconnect stays out of the page's.
const ConnectedAppsSection = lazy(() =>
  import('#client/features/account/components/connected-apps-section.tsx').then((m) => ({ default: m.ConnectedAppsSection })),
)
// What labels carry (decision 050) loads on its own chunk: its form and the batch-code rules stay out of the page's.
const LabelSettingsSection = lazy(() =>
  import('#client/features/account/components/label-settings-section.tsx').then((m) => ({ default: m.LabelSettingsSection })),
)
// Reminders (decision 038) load on their own chunk: the push and permission code stays out of the page's.
const RemindersSection = lazy(() =>
  import('#client/features/account/components/reminders/reminders-section.tsx').then((m) => ({ default: m.RemindersSection })),
)

/**
 * /account (docs/product.md §2 "Account"): the profile, the password, the currency of the oil shelf, what labels carry (decision 050), reminders, signing out everywhere, connected apps, your
 * data (export and import) and deleting the account, each its own card, most reversible first and
 * the destructive one last.
 */
export function AccountPage() {
  const t = useMessages()
  const account = useAccount()
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={t('account.page.title')}>{t('account.page.lead')}</PageHeading>
      {account.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('account.page.loading')} />
        </div>
      ) : account.isError ? (
        <div className="max-w-3xl">
          <LoadError message={failureMessage(t, account.error)} error={account.error} onRetry={() => void account.refetch()} />
        </div>
      ) : (
        <div className="grid w-full max-w-3xl gap-6">
          <ProfileSection account={account.data} />
          <ChangePasswordSection account={account.data} />
          <CurrencySection />
          <Suspense fallback={<div aria-hidden="true" className="min-h-64 rounded-card border border-border bg-card" />}>
            <LabelSettingsSection />
          </Suspense>
          <Suspense fallback={<div aria-hidden="true" className="min-h-64 rounded-card border border-border bg-card" />}>
            <RemindersSection />
          </Suspense>
          <SignOutEverywhereSection />
          <Suspense fallback={<div aria-hidden="true" className="min-h-40 rounded-card border border-border bg-card" />}>
            <ConnectedAppsSection />
          </Suspense>
          <YourDataSection />
          <DeleteAccountSection email={account.data.email} />
        </div>
      )}
    </div>
  )
}
