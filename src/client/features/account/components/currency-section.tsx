import { CurrencyForm } from '#client/components/currency-form.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useUserSettings } from '#client/lib/shelf-queries.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** The user's one currency, the same setting the oil shelf page offers (docs/product.md, "The oil shelf"). */
export function CurrencySection() {
  const t = useMessages()
  const settings = useUserSettings()
  return (
    <AccountSection title={t('account.currency.title')} description={t('account.currency.description')}>
      {settings.isPending ? (
        <Spinner label={t('account.currency.loading')} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('account.currency.loadFailed')}
        </p>
      ) : (
        <CurrencyForm current={settings.data.currency} className="max-w-md" />
      )}
    </AccountSection>
  )
}
