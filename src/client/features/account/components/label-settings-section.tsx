import { useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { LabelSettings } from '#shared/api/labels.ts'
import { BATCH_CODE_TOKENS, DEFAULT_BATCH_CODE_PATTERN } from '#shared/domain/batch-code.ts'
import { FormField } from '#client/components/ui/form-field.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { saveLabelSettings, useLabelSettings } from '#client/lib/label-settings.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { SaveButton } from '#client/features/account/components/save-button.tsx'
import { useAccountForm } from '#client/features/account/hooks/use-account-form.ts'
import { LabelSettingsFormSchema, type LabelSettingsValues } from '#client/features/account/validation.ts'
import '#client/features/account/account-catalog.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * "Labels" on /account (decision 050): the pattern of batch codes and the responsible person whose
 * name and address every label prints. A label without them is marked incomplete.
 */
export function LabelSettingsSection() {
  const t = useMessages()
  const settings = useLabelSettings()
  return (
    <AccountSection title={t('account.labels.title')} description={t('account.labels.description')}>
      {settings.isPending ? (
        <Spinner label={t('account.labels.loading')} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('account.labels.loadFailed')}
        </p>
      ) : (
        <LabelSettingsForm settings={settings.data} />
      )}
    </AccountSection>
  )
}

const valuesOf = (settings: LabelSettings): LabelSettingsValues => ({
  batchCodePattern: settings.batchCodePattern,
  responsibleName: settings.responsibleName ?? '',
  responsibleAddress: settings.responsibleAddress ?? '',
})

function LabelSettingsForm({ settings }: { settings: LabelSettings }) {
  const t = useMessages()
  const queryClient = useQueryClient()
  const { onSubmit, busy, message, setMessage, messageId, field, form } = useAccountForm<LabelSettingsValues>({
    schema: LabelSettingsFormSchema,
    defaultValues: valuesOf(settings),
    submit: async (values) => {
      const saved = await saveLabelSettings(queryClient, values)
      form.reset(valuesOf(saved))
      setMessage({ tone: 'success', text: t('account.labels.saved') })
      toast.success(t('account.labels.toast'))
    },
  })
  const addressId = useId()
  const invalidAddress = Boolean(form.formState.errors.responsibleAddress)
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('account.labels.title')} className="grid gap-4">
      <FormStatus id={messageId} message={message} />
      <FormField label={t('account.labels.responsibleName')} autoComplete="organization" {...field('responsibleName')} />
      <div className="grid gap-2">
        <Label htmlFor={addressId}>{t('account.labels.responsibleAddress')}</Label>
        <Textarea
          id={addressId}
          rows={3}
          autoComplete="street-address"
          aria-invalid={invalidAddress || undefined}
          aria-describedby={invalidAddress ? messageId : undefined}
          {...form.register('responsibleAddress')}
        />
      </div>
      <FormField
        label={t('account.labels.pattern')}
        autoCapitalize="off"
        spellCheck={false}
        hint={t('account.labels.patternHint', { tokens: BATCH_CODE_TOKENS.join(' '), pattern: DEFAULT_BATCH_CODE_PATTERN })}
        {...field('batchCodePattern')}
      />
      <SaveButton busy={busy} label={t('account.labels.save')} busyLabel={t('account.form.saving')} />
    </form>
  )
}
