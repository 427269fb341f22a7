import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { currencyField } from '#shared/api/shelf.ts'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { currencyCodes, currencyLabel } from '#client/lib/money.ts'
import { localeCurrency } from '#client/lib/locale-currency.ts'
import { saveCurrency } from '#client/lib/shelf-queries.ts'
import '#client/lib/currency-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The currency chooser itself (loaded through currency-form.tsx). A choice is saved as it is made:
 * there is no second button to forget (issue 31). Before any choice, the currency of the browser's
 * language's region is chosen and saved for the maker, and the chooser says so; a refused save keeps
 * the choice on screen with the reason beside it.
 */
export function CurrencyFormFields({ current, className }: { current: string | null; className?: string }) {
  const queryClient = useQueryClient()
  const t = useMessages()
  const id = useId()
  const options = useMemo(() => currencyCodes().map((code) => ({ code, label: currencyLabel(code) })), [])
  const fallback = useMemo(() => (current === null ? localeCurrency() : null), [current])
  const [value, setValue] = useState(current ?? fallback ?? '')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [defaulted, setDefaulted] = useState(false)
  const latest = useRef(0)

  const save = async (currency: string, { announce }: { announce: boolean }) => {
    const checked = currencyField.safeParse(currency)
    if (!checked.success) {
      setError(t('currency.choose'))
      return
    }
    // Only the last choice's answer counts: a quick second choice must not be undone by the first's.
    const attempt = ++latest.current
    setSaving(true)
    setError(null)
    try {
      await saveCurrency(queryClient, checked.data)
      if (attempt !== latest.current) return
      if (announce) toast.success(t('currency.now', { currency: checked.data }))
    } catch (err) {
      if (attempt !== latest.current) return
      setError(err instanceof ApiError ? err.message : t('currency.failed'))
    } finally {
      if (attempt === latest.current) setSaving(false)
    }
  }

  // No currency yet: the browser's own is the default, saved at once so every price reads as money.
  const defaultedOnce = useRef(false)
  useEffect(() => {
    if (current !== null || fallback === null || defaultedOnce.current) return
    defaultedOnce.current = true
    setDefaulted(true)
    void save(fallback, { announce: false })
    // save is this render's; the effect runs once per missing currency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, fallback])

  return (
    <div role="group" aria-label={t('currency.label')} className={className}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-currency`}>{t('currency.label')}</Label>
        <div className="flex items-center gap-2">
          <Select
            id={`${id}-currency`}
            className="w-full"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
            onChange={(event) => {
              const next = event.target.value
              setValue(next)
              setDefaulted(false)
              void save(next, { announce: true })
            }}
          >
            <option value="" disabled>
              {t('currency.choose')}
            </option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </Select>
          {saving ? (
            <LoaderCircle
              role="img"
              aria-label={t('currency.saving')}
              className="size-4 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none"
            />
          ) : null}
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {defaulted ? t('currency.defaulted') : t('currency.saved')}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
