import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useId, useMemo, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { UpdateUserSettingsSchema } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { currencyCodes, currencyLabel } from '#client/lib/money.ts'
import { saveCurrency } from '#client/lib/shelf-queries.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/** The request's own schema (PUT /api/me/settings), with the words for a currency not yet chosen. */
const CurrencyFormSchema = z.object({ currency: z.string().min(1, 'Choose a currency').pipe(UpdateUserSettingsSchema.shape.currency) })
type CurrencyValues = z.input<typeof CurrencyFormSchema>
const resolver = zodResolver(CurrencyFormSchema)

/**
 * The currency form itself (loaded through currency-form.tsx): checked with the request's own
 * schema; saving keeps the choice on screen when the server refuses it, with the reason beside it.
 */
export function CurrencyFormFields({ current, className }: { current: string | null; className?: string }) {
  const queryClient = useQueryClient()
  const id = useId()
  const singleFlight = useSingleFlight()
  const options = useMemo(() => currencyCodes().map((code) => ({ code, label: currencyLabel(code) })), [])
  const form = useForm<CurrencyValues, unknown, z.output<typeof CurrencyFormSchema>>({
    defaultValues: { currency: current ?? '' },
    resolver,
    reValidateMode: 'onSubmit',
  })
  const value = useWatch({ control: form.control, name: 'currency' })
  const error = form.formState.errors.currency?.message
  const busy = form.formState.isSubmitting

  const handle = form.handleSubmit(async ({ currency }) => {
    try {
      await saveCurrency(queryClient, currency)
      toast.success(`Prices are now in ${currency}`)
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'The currency could not be saved. Please try again.'
      form.setError('currency', { type: 'server', message })
    }
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    void singleFlight(() => handle(event))
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Currency" className={className}>
      <div className="flex flex-col gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-currency`}>Currency</Label>
          <Select
            id={`${id}-currency`}
            className="w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('currency')}
          >
            <option value="" disabled>
              Choose a currency
            </option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline" className="self-start" disabled={busy || value === (current ?? '')}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
          {busy ? 'Saving...' : 'Save currency'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  )
}
