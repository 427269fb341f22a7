import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircle } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { useForm, useWatch, type FieldErrors as FormErrors } from 'react-hook-form'
import type { Bottle } from '#shared/api/shelf.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { todayIn } from '#shared/domain/calendar-date.ts'
import { defaultBestBefore } from '#shared/domain/shelf-life.ts'
import { BOTTLE_UNITS } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { newIdempotencyKey } from '#client/lib/api-client.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilNames } from '#client/lib/oil-words.ts'
import { useSaveBottle } from '#client/features/shelf/api/bottles.ts'
import { shelfLifeText } from '#client/features/shelf/lib/lot-status.ts'
import { BottleField, describedBy } from '#client/features/shelf/components/bottle-field.tsx'
import {
  BottleFormSchema,
  EMPTY_BOTTLE,
  serverFieldErrors,
  valuesOf,
  type BottleBody,
  type BottleField as Field,
  type BottleFormValues,
} from '#client/features/shelf/lib/bottle-form.ts'

const FIELD_ORDER: readonly Field[] = [
  'oilId',
  'size',
  'remaining',
  'price',
  'purchasedOn',
  'openedOn',
  'bestBefore',
  'supplier',
  'lotCode',
]

const resolver = zodResolver(BottleFormSchema)

/**
 * The bottle dialog's form (react-hook-form with BottleFormSchema, which ends in the request's own
 * schema): what it refuses is marked under its field, the first such field focused; a refused save
 * keeps everything typed and marks the fields the server named.
 */
export function BottleForm({ bottle, currency, onDone }: { bottle: Bottle | null; currency: string | null; onDone: () => void }) {
  const t = useMessages()
  const id = useId()
  const oils = useOils()
  const save = useSaveBottle()
  const singleFlight = useSingleFlight()
  // One key per bottle being added: pressing Save again after a failure is the same intent.
  const [idempotencyKey] = useState(newIdempotencyKey)
  const form = useForm<BottleFormValues, unknown, BottleBody>({
    defaultValues: bottle ? valuesOf(bottle) : EMPTY_BOTTLE,
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const { errors: found } = form.formState
  // The schema's messages are catalog ids; the server's are shown as they come.
  const errors = Object.fromEntries(
    Object.entries(found).map(([field, error]) => {
      const text = error?.message
      return [field, { message: text?.startsWith('shelf.') ? t(text) : text }]
    }),
  ) as Partial<Record<Field, { message?: string | undefined }>>
  const [message, setMessage] = useState<string | null>(null)
  // The oil list arrives after the form: the select shows the chosen oil once its option exists.
  const [oilId, unitLabel] = useWatch({ control: form.control, name: ['oilId', 'unit'] })
  // Catalog oils by their names in the maker's language, sorted as that language sorts (decision 104).
  const names = useShownOilNames()
  const sorted = useMemo(() => [...(oils.data ?? [])].sort((a, b) => names.compare(names.of(a), names.of(b))), [oils.data, names])
  // The best-before is filled from the oil's shelf life until the maker changes it (docs/product.md "Lots and expiry").
  const purchasedOn = useWatch({ control: form.control, name: 'purchasedOn' })
  const [bestBeforeTouched, setBestBeforeTouched] = useState(bottle !== null)
  const slug = shelfLifeSlugOf(oils.data, Number(oilId))
  const source = oilId === '' ? null : shelfLifeText(t, slug)
  useEffect(() => {
    if (bestBeforeTouched || oilId === '') return
    const from = /^\d{4}-\d{2}-\d{2}$/.test(purchasedOn) ? purchasedOn : todayIn()
    form.setValue('bestBefore', defaultBestBefore(slug, from))
  }, [bestBeforeTouched, oilId, purchasedOn, slug, form])

  const fieldId = (field: Field) => `${id}-${field}`
  const control = (field: Field, hint?: string) => ({
    id: fieldId(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(fieldId(field), hint, errors[field]?.message),
    ...form.register(field),
  })

  function focusFirst(found: Partial<Record<Field, unknown>>) {
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  const onInvalid = (found: FormErrors<BottleFormValues>) => {
    setMessage(t('shelf.form.checkFields'))
    focusFirst(found)
  }

  const handle = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      await save.mutateAsync({ id: bottle?.id ?? null, body, idempotencyKey })
      toast.success(bottle ? t('shelf.form.saved') : t('shelf.form.added'))
      onDone()
    } catch (err) {
      const refused = serverFieldErrors(err)
      for (const [field, text] of Object.entries(refused.fields)) form.setError(field as Field, { type: 'server', message: text })
      setMessage(refused.message)
      focusFirst(refused.fields)
    }
  }, onInvalid)

  function submit(event: FormEvent) {
    event.preventDefault()
    void singleFlight(() => handle(event))
  }

  const priceLabel = currency ? t('shelf.form.priceIn', { currency }) : t('shelf.form.price')
  const sizeHint = t('shelf.form.sizeHint')
  const leftHint = bottle ? undefined : t('shelf.form.leftHint')
  const openedHint = t('shelf.form.openedHint')
  const bestBeforeHint = !bestBeforeTouched && source ? t('shelf.form.bestBeforeFromShelfLife', { source }) : t('shelf.form.bestBeforeHint')
  const priceHint = currency ? t('shelf.form.priceHint') : t('shelf.form.priceHintNoCurrency')

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{bottle ? t('shelf.form.editTitle', { oil: bottle.oilName }) : t('shelf.page.addBottle')}</DialogTitle>
        <DialogDescription>{bottle ? t('shelf.form.editDescription') : t('shelf.form.addDescription')}</DialogDescription>
      </DialogHeader>
      {message ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <BottleField id={fieldId('oilId')} label={t('shelf.oils.oil')} error={errors.oilId?.message}>
            <Select className="w-full" {...control('oilId')} value={oilId} disabled={bottle !== null || oils.isPending}>
              <option value="" disabled>
                {oils.isPending ? t('shelf.form.loadingOils') : t('shelf.form.chooseOil')}
              </option>
              {sorted.map((oil) => (
                <option key={oil.id} value={oil.id}>
                  {names.of(oil)}
                </option>
              ))}
            </Select>
          </BottleField>
        </div>
        <BottleField id={fieldId('size')} label={t('shelf.form.size')} hint={sizeHint} error={errors.size?.message}>
          <div className="flex gap-2">
            <Input inputMode="decimal" autoComplete="off" className="flex-1" {...control('size', sizeHint)} />
            <Select aria-label={t('shelf.form.unit')} className="w-20 flex-none" {...form.register('unit')}>
              {BOTTLE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          </div>
        </BottleField>
        <BottleField
          id={fieldId('remaining')}
          label={t('shelf.form.left', { unit: unitLabel })}
          hint={leftHint}
          error={errors.remaining?.message}
        >
          <Input inputMode="decimal" autoComplete="off" {...control('remaining', leftHint)} />
        </BottleField>
        <BottleField id={fieldId('price')} label={priceLabel} hint={priceHint} error={errors.price?.message}>
          <Input inputMode="decimal" autoComplete="off" {...control('price', priceHint)} />
        </BottleField>
        <BottleField id={fieldId('purchasedOn')} label={t('shelf.form.purchasedOn')} error={errors.purchasedOn?.message}>
          <Input type="date" {...control('purchasedOn')} />
        </BottleField>
        <BottleField id={fieldId('openedOn')} label={t('shelf.form.openedOn')} hint={openedHint} error={errors.openedOn?.message}>
          <Input type="date" {...control('openedOn', openedHint)} />
        </BottleField>
        <BottleField id={fieldId('bestBefore')} label={t('shelf.form.bestBefore')} hint={bestBeforeHint} error={errors.bestBefore?.message}>
          <Input type="date" {...control('bestBefore', bestBeforeHint)} onInput={() => setBestBeforeTouched(true)} />
        </BottleField>
        <BottleField id={fieldId('supplier')} label={t('shelf.form.supplier')} error={errors.supplier?.message}>
          <Input autoComplete="off" maxLength={200} {...control('supplier')} />
        </BottleField>
        <BottleField id={fieldId('lotCode')} label={t('shelf.form.lotCode')} error={errors.lotCode?.message}>
          <Input autoComplete="off" maxLength={100} {...control('lotCode')} />
        </BottleField>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" type="button">
            {t('shelf.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-disabled={save.isPending || undefined}>
          {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
          {save.isPending ? t('shelf.saving') : bottle ? t('shelf.form.save') : t('shelf.form.add')}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** The slug whose shelf life the chosen oil takes: its own, or an own ingredient's base oil's (null: the general default). */
function shelfLifeSlugOf(oils: readonly EssentialOil[] | undefined, oilId: number): string | null {
  const oil = oils?.find((o) => o.id === oilId)
  if (!oil) return null
  if (!oil.yours) return oil.slug
  return oil.basedOnOilId ? (oils?.find((o) => o.id === oil.basedOnOilId)?.slug ?? null) : null
}
