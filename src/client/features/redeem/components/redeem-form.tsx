import { ChevronDown, Loader2 } from 'lucide-react'
import { useId, useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Button, textButtonClass } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { cn } from '#client/lib/cn.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import {
  hasProof,
  MARKETPLACE_LABELS,
  MARKETPLACES,
  purchaseMonthOptions,
  shouldSendRedeem,
  type RedeemFormValues,
} from '#shared/domain/redeem.ts'
import { SECRET_WORD_PAGE } from '#shared/domain/launch-offer.ts'

const EMPTY: RedeemFormValues = { email: '', marketplace: '', purchaseMonth: '', secretWord: '', redemptionCode: '', honeypot: '' }

const selectClass =
  'flex h-10 w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground sm:text-sm ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

export interface RedeemFormProps {
  /** Sends a complete claim; rejects with an Error whose message is shown under the form. */
  onSubmit: (values: RedeemFormValues) => Promise<void>
  /** The clock the month picker counts back from. */
  now?: Date
}

/** The reader discount form (SPEC.md §2 /redeem, §5 "Redeem form"). */
export function RedeemForm({ onSubmit, now }: RedeemFormProps) {
  const [values, setValues] = useState<RedeemFormValues>(EMPTY)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [codeOpen, setCodeOpen] = useState(false)
  const singleFlight = useSingleFlight()
  const months = useMemo(() => purchaseMonthOptions(now ?? new Date()), [now])
  const id = useId()

  const set = (field: keyof RedeemFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending || !shouldSendRedeem(values)) return
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

  return (
    <form onSubmit={handleSubmit} className="space-y-6" aria-describedby={error ? `${id}-error` : undefined}>
      <Field id={`${id}-email`} label="Email">
        <Input id={`${id}-email`} type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
      </Field>
      <Field id={`${id}-marketplace`} label="Where did you buy the book?">
        <select id={`${id}-marketplace`} required className={selectClass} value={values.marketplace} onChange={set('marketplace')}>
          <option value="" disabled>
            Choose a store
          </option>
          {MARKETPLACES.map((m) => (
            <option key={m} value={m}>
              {MARKETPLACE_LABELS[m]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-month`} label="Approximate purchase month">
        <select id={`${id}-month`} required className={selectClass} value={values.purchaseMonth} onChange={set('purchaseMonth')}>
          <option value="" disabled>
            Choose a month
          </option>
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-word`} label="Secret word" hint={`Enter the first word on page ${SECRET_WORD_PAGE}`}>
        <Input
          id={`${id}-word`}
          autoComplete="off"
          required={values.redemptionCode.trim() === ''}
          value={values.secretWord}
          onChange={set('secretWord')}
          aria-describedby={`${id}-word-hint`}
        />
      </Field>

      <div>
        <button
          type="button"
          aria-expanded={codeOpen}
          aria-controls={`${id}-code-panel`}
          onClick={() => setCodeOpen((open) => !open)}
          className={cn(textButtonClass, 'inline-flex items-center gap-1.5 text-sm')}
        >
          Have a redemption code instead?
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', codeOpen && 'rotate-180')} />
        </button>
        <div id={`${id}-code-panel`} hidden={!codeOpen} className="mt-4">
          <Field id={`${id}-code`} label="Redemption code" hint="If you have a printed code from your book">
            <Input
              id={`${id}-code`}
              autoComplete="off"
              value={values.redemptionCode}
              onChange={set('redemptionCode')}
              aria-describedby={`${id}-code-hint`}
            />
          </Field>
        </div>
      </div>

      {/* A trap for bots: off-screen, hidden from assistive technology and out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" value={values.honeypot} onChange={set('honeypot')} />
      </div>

      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}

      <Button type="submit" size="lg" className="w-full" disabled={sending || !hasProof(values)}>
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {sending ? 'Verifying...' : 'Get My Launch Discount'}
      </Button>
    </form>
  )
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
