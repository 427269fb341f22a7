import { CurrencyForm } from '#client/components/currency-form.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useUserSettings } from '#client/lib/shelf-queries.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'

/** The user's one currency, the same setting the oil shelf page offers (docs/product.md, "The oil shelf"). */
export function CurrencySection() {
  const settings = useUserSettings()
  return (
    <AccountSection
      title="Currency"
      description="What you paid for the bottles on your oil shelf, and what batches cost, are in this currency."
    >
      {settings.isPending ? (
        <Spinner label="Loading your currency" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your currency could not be loaded just now.
        </p>
      ) : (
        <CurrencyForm current={settings.data.currency} className="max-w-md" />
      )}
    </AccountSection>
  )
}
