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

/**
 * "Labels" on /account (decision 050): the pattern of batch codes and the responsible person whose
 * name and address every label prints. A label without them is marked incomplete.
 */
export function LabelSettingsSection() {
  const settings = useLabelSettings()
  return (
    <AccountSection
      title="Labels"
      description="Every label you print carries a batch code and the name and address of the responsible person: you, your company, or your importer."
    >
      {settings.isPending ? (
        <Spinner label="Loading your label settings" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your label settings could not be loaded just now.
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
  const queryClient = useQueryClient()
  const { onSubmit, busy, message, setMessage, messageId, field, form } = useAccountForm<LabelSettingsValues>({
    schema: LabelSettingsFormSchema,
    defaultValues: valuesOf(settings),
    submit: async (values) => {
      const saved = await saveLabelSettings(queryClient, values)
      form.reset(valuesOf(saved))
      setMessage({ tone: 'success', text: 'Your label settings are saved.' })
      toast.success('Label settings saved')
    },
  })
  const addressId = useId()
  const invalidAddress = Boolean(form.formState.errors.responsibleAddress)
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Labels" className="grid gap-4">
      <FormStatus id={messageId} message={message} />
      <FormField label="Responsible person's name" autoComplete="organization" {...field('responsibleName')} />
      <div className="grid gap-2">
        <Label htmlFor={addressId}>Responsible person&apos;s address</Label>
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
        label="Batch code pattern"
        autoCapitalize="off"
        spellCheck={false}
        hint={`New batches get a code from this pattern. ${BATCH_CODE_TOKENS.join(' ')}: the year, month, day, the recipe's reference and a counter. The default is ${DEFAULT_BATCH_CODE_PATTERN}, such as 261127-1.`}
        {...field('batchCodePattern')}
      />
      <SaveButton busy={busy} label="Save label settings" busyLabel="Saving..." />
    </form>
  )
}
