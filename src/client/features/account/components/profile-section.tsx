import { useQueryClient } from '@tanstack/react-query'
import type { AccountInfo, SignInMethod } from '#shared/api/account.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { updateName } from '#client/features/account/api/update-name.ts'
import { ACCOUNT_QUERY_KEY } from '#client/features/account/api/get-account.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { SaveButton } from '#client/features/account/components/save-button.tsx'
import { useAccountForm } from '#client/features/account/hooks/use-account-form.ts'
import { ProfileFormSchema, type ProfileValues } from '#client/features/account/validation.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'

/** The catalogs' id of each way to sign in. */
const METHOD_LABELS: Record<SignInMethod, string> = { password: 'account.profile.method.password', google: 'account.profile.method.google' }

const memberSince = (iso: string) => new Date(iso).toLocaleDateString(currentLanguage(), { year: 'numeric', month: 'long', day: 'numeric' })

/** The display name (editable), the e-mail address and how the user signs in. */
export function ProfileSection({ account }: { account: AccountInfo }) {
  const t = useMessages()
  const queryClient = useQueryClient()
  const { onSubmit, busy, message, setMessage, messageId, field, form } = useAccountForm<ProfileValues>({
    schema: ProfileFormSchema,
    defaultValues: { name: account.name },
    submit: async ({ name }) => {
      const saved = name.trim()
      await updateName(saved)
      queryClient.setQueryData<AccountInfo>(ACCOUNT_QUERY_KEY, (old) => (old ? { ...old, name: saved } : old))
      form.reset({ name: saved })
      setMessage({ tone: 'success', text: t('account.profile.saved') })
      toast.success(t('account.profile.toast'))
    },
  })

  return (
    <AccountSection title={t('account.profile.title')} description={t('account.profile.description')}>
      <div className="grid gap-6">
        <form noValidate onSubmit={onSubmit} aria-label={t('account.profile.title')} className="grid gap-4">
          <FormStatus id={messageId} message={message} />
          <FormField label={t('account.profile.displayName')} autoComplete="name" {...field('name')} />
          <SaveButton busy={busy} label={t('account.profile.save')} busyLabel={t('account.form.saving')} />
        </form>
        <dl className="grid gap-4 border-t border-border pt-6 text-sm sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="font-medium text-foreground">{t('account.profile.email')}</dt>
            <dd className="break-all text-muted-foreground">{account.email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-foreground">{t('account.profile.signInMethod')}</dt>
            <dd className="flex flex-wrap gap-2">
              {account.signInMethods.length > 0 ? (
                account.signInMethods.map((method) => (
                  <span key={method} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
                    {t(METHOD_LABELS[method])}
                  </span>
                ))
              ) : (
                <span className="text-muted-foreground">{t('account.profile.none')}</span>
              )}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-foreground">{t('account.profile.memberSince')}</dt>
            <dd className="text-muted-foreground">{memberSince(account.createdAt)}</dd>
          </div>
        </dl>
      </div>
    </AccountSection>
  )
}
