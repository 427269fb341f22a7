import { zodResolver } from '@hookform/resolvers/zod'
import { ChevronDown, Loader2 } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { Button, textButtonClass } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { cn } from '#client/lib/cn.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { redeemProblemText } from '#client/features/redeem/redeem-problems.ts'
import '#client/lib/book-catalog.ts'
import { RedeemRequestSchema } from '#shared/api/redeem.ts'
import {
  hasProof,
  MARKETPLACE_LABELS,
  MARKETPLACES,
  purchaseMonthOptions,
  type MonthOption,
  type RedeemFormValues,
} from '#shared/domain/redeem.ts'
import { SECRET_WORD_PAGE } from '#shared/domain/launch-offer.ts'
import type { Language } from '#shared/i18n/languages.ts'

/**
 * The form validates with the request's own schema. Its fields are plain strings (a select is empty
 * until something is chosen); the schema is what refuses anything the request would not take.
 */
const resolver = zodResolver(RedeemRequestSchema) as unknown as Resolver<RedeemFormValues, unknown, z.output<typeof RedeemRequestSchema>>

/** The picker's months in the language shown: English keeps the spec's labels ("March 2025"). */
function monthOptions(now: Date, language: Language): MonthOption[] {
  const options = purchaseMonthOptions(now)
  if (language === 'en') return options
  const format = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  return options.map(({ value }) => ({ value, label: format.format(new Date(`${value}-01T00:00:00Z`)) }))
}

const EMPTY: RedeemFormValues = { email: '', marketplace: '', purchaseMonth: '', secretWord: '', redemptionCode: '', honeypot: '' }

export interface RedeemFormProps {
  /** Sends a complete claim; rejects with an Error whose message is shown under the form. */
  onSubmit: (values: RedeemFormValues) => Promise<void>
  /** The clock the month picker counts back from. */
  now?: Date
  /**
   * What a claim that was not verified had: the form comes back with it, the secret word empty and
   * focused, so trying again is one word away (issue 31).
   */
  retry?: RedeemFormValues
}

/**
 * The reader discount form (docs/product.md §2 /redeem, §5 "Redeem form"), validated by the request's own
 * schema (RedeemRequestSchema): what it refuses is shown under its field, and what was typed stays.
 */
export function RedeemForm({ onSubmit, now, retry }: RedeemFormProps) {
  const form = useForm<RedeemFormValues, unknown, z.output<typeof RedeemRequestSchema>>({
    defaultValues: retry ? { ...retry, secretWord: '', redemptionCode: '', honeypot: '' } : EMPTY,
    resolver,
    reValidateMode: 'onSubmit',
  })
  const t = useMessages()
  const { errors } = form.formState
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [codeOpen, setCodeOpen] = useState(false)
  const { setFocus } = form
  useEffect(() => {
    if (retry) setFocus('secretWord')
  }, [retry, setFocus])
  const singleFlight = useSingleFlight()
  const language = currentLanguage()
  const months = useMemo(() => monthOptions(now ?? new Date(), language), [now, language])
  const id = useId()
  const [secretWord, redemptionCode] = useWatch({ control: form.control, name: ['secretWord', 'redemptionCode'] })
  const proof = hasProof({ secretWord, redemptionCode })

  // The trap keeps the name bots look for ("website"), so it stays outside the form library.
  const trap = useRef<HTMLInputElement>(null)

  const send = (values: RedeemFormValues) => {
    // A filled trap field is a bot: nothing is sent, and nothing tells it so.
    if (sending || (trap.current?.value ?? '') !== '') return
    // A second submit before the first answers (a double click) is ignored.
    singleFlight(async () => {
      setSending(true)
      setError(null)
      try {
        await onSubmit(values)
      } catch (err) {
        console.warn('redeem failed', err)
        setError(err instanceof Error ? err.message : String(err))
        setSending(false)
      }
    })
  }
  const invalid = (field: keyof RedeemFormValues, extraDescribedBy?: string) => {
    const describedBy = [errors[field] ? `${id}-${field}-error` : undefined, extraDescribedBy].filter(Boolean).join(' ')
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': describedBy || undefined }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      className="space-y-6"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <Field id={`${id}-email`} label={t('book.redeem.form.email')} error={errors.email} errorId={`${id}-email-error`}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-required="true"
          {...invalid('email')}
          {...form.register('email')}
        />
      </Field>
      <Field
        id={`${id}-marketplace`}
        label={t('book.redeem.form.marketplace')}
        error={errors.marketplace}
        errorId={`${id}-marketplace-error`}
      >
        <Select
          id={`${id}-marketplace`}
          aria-required="true"
          className="w-full"
          {...invalid('marketplace')}
          {...form.register('marketplace')}
        >
          <option value="" disabled>
            {t('book.redeem.form.chooseStore')}
          </option>
          {MARKETPLACES.map((m) => (
            <option key={m} value={m}>
              {m === 'other' ? t('book.redeem.form.otherStore') : MARKETPLACE_LABELS[m]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-month`} label={t('book.redeem.form.month')} error={errors.purchaseMonth} errorId={`${id}-purchaseMonth-error`}>
        <Select
          id={`${id}-month`}
          aria-required="true"
          className="w-full"
          {...invalid('purchaseMonth')}
          {...form.register('purchaseMonth')}
        >
          <option value="" disabled>
            {t('book.redeem.form.chooseMonth')}
          </option>
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-word`}
        label={t('book.redeem.form.secretWord')}
        hint={t('book.redeem.form.secretWordHint', { page: SECRET_WORD_PAGE })}
        error={errors.secretWord}
        errorId={`${id}-secretWord-error`}
      >
        <Input id={`${id}-word`} autoComplete="off" {...invalid('secretWord', `${id}-word-hint`)} {...form.register('secretWord')} />
      </Field>

      <div>
        <button
          type="button"
          aria-expanded={codeOpen}
          aria-controls={`${id}-code-panel`}
          onClick={() => setCodeOpen((open) => !open)}
          className={cn(textButtonClass, 'inline-flex items-center gap-1.5 text-sm')}
        >
          {t('book.redeem.form.codeToggle')}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', codeOpen && 'rotate-180')} />
        </button>
        <div id={`${id}-code-panel`} hidden={!codeOpen} className="mt-4">
          <Field
            id={`${id}-code`}
            label={t('book.redeem.form.code')}
            hint={t('book.redeem.form.codeHint')}
            error={errors.redemptionCode}
            errorId={`${id}-redemptionCode-error`}
          >
            <Input
              id={`${id}-code`}
              autoComplete="off"
              {...invalid('redemptionCode', `${id}-code-hint`)}
              {...form.register('redemptionCode')}
            />
          </Field>
        </div>
      </div>

      {/* A trap for bots: off-screen, hidden from assistive technology and out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t('book.redeem.form.trap')}</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
        >
          {redeemProblemText(t, error)}
        </p>
      ) : null}

      <Button type="submit" size="lg" className="w-full" disabled={sending || !proof}>
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {sending ? t('book.redeem.form.verifying') : t('book.redeem.form.submit')}
      </Button>
    </form>
  )
}

function Field({
  id,
  label,
  hint,
  error,
  errorId,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: FieldError
  errorId: string
  children: ReactNode
}) {
  const t = useMessages()
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} className="text-sm text-destructive">
          {redeemProblemText(t, error.message)}
        </p>
      ) : null}
    </div>
  )
}
