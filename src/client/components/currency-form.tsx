import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { NativeSelect } from '#client/components/ui/native-select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { currencyCodes, currencyLabel } from '#client/lib/money.ts'
import { saveCurrency } from '#client/lib/shelf-queries.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/**
 * The user's one currency (docs/product.md, "The oil shelf"), chosen from the ISO 4217 codes the
 * browser knows; the shelf page and the account page both show it. Saving keeps the choice on
 * screen when the server refuses it, with the reason beside it.
 */
export function CurrencyForm({ current, className }: { current: string | null; className?: string }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [value, setValue] = useState(current ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const singleFlight = useSingleFlight()
  const options = useMemo(() => currencyCodes().map((code) => ({ code, label: currencyLabel(code) })), [])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!value) {
      setError('Choose a currency')
      return
    }
    void singleFlight(async () => {
      setBusy(true)
      setError(null)
      try {
        await saveCurrency(queryClient, value)
        toast.success(`Prices are now in ${value}`)
      } catch (err) {
        setError(err instanceof ApiError ? err.message : 'The currency could not be saved. Please try again.')
      } finally {
        setBusy(false)
      }
    })
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Currency" className={className}>
      <div className="flex flex-col gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-currency`}>Currency</Label>
          <NativeSelect
            id={`${id}-currency`}
            className="w-full"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="" disabled>
              Choose a currency
            </option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
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
