import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircle } from 'lucide-react'
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react'
import { useForm, useWatch, type FieldErrors as FormErrors } from 'react-hook-form'
import type { Bottle } from '#shared/api/shelf.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { todayIn } from '#shared/domain/calendar-date.ts'
import { defaultBestBefore, shelfLifeSource } from '#shared/domain/shelf-life.ts'
import { BOTTLE_UNITS } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { newIdempotencyKey } from '#client/lib/api-client.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useSaveBottle } from '#client/features/shelf/api/bottles.ts'
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
  const { errors } = form.formState
  const [message, setMessage] = useState<string | null>(null)
  // The oil list arrives after the form: the select shows the chosen oil once its option exists.
  const [oilId, unitLabel] = useWatch({ control: form.control, name: ['oilId', 'unit'] })
  const sorted = useMemo(() => [...(oils.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en')), [oils.data])
  // The best-before is filled from the oil's shelf life until the maker changes it (docs/product.md "Lots and expiry").
  const purchasedOn = useWatch({ control: form.control, name: 'purchasedOn' })
  const [bestBeforeTouched, setBestBeforeTouched] = useState(bottle !== null)
  const slug = shelfLifeSlugOf(oils.data, Number(oilId))
  const source = oilId === '' ? null : shelfLifeSource(slug)
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
    setMessage('Please check the fields marked below.')
    focusFirst(found)
  }

  const handle = form.handleSubmit(async (body) => {
    setMessage(null)
    try {
      await save.mutateAsync({ id: bottle?.id ?? null, body, idempotencyKey })
      toast.success(bottle ? 'Bottle saved' : 'Bottle added to your shelf')
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

  const priceLabel = currency ? `Price paid (${currency})` : 'Price paid'
  const sizeHint = 'What the bottle held when full'
  const leftHint = bottle ? undefined : 'Leave blank for a full bottle'
  const openedHint = 'Optional: oils that oxidise soon age faster once opened'
  const bestBeforeHint =
    !bestBeforeTouched && source ? `From the oil’s shelf life: ${source}. Change it to the date on the label.` : 'Blank if you have none'
  const priceHint = currency ? 'Optional: the cost per mL comes from it' : 'Optional; choose your currency on the shelf page'

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{bottle ? `Edit ${bottle.oilName}` : 'Add a bottle'}</DialogTitle>
        <DialogDescription>
          {bottle
            ? 'Change what you paid or how much is left.'
            : 'A bottle of one oil from the catalog: its size, what you paid and what is left.'}
        </DialogDescription>
      </DialogHeader>
      {message ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <BottleField id={fieldId('oilId')} label="Oil" error={errors.oilId?.message}>
            <Select className="w-full" {...control('oilId')} value={oilId} disabled={bottle !== null || oils.isPending}>
              <option value="" disabled>
                {oils.isPending ? 'Loading oils...' : 'Choose an oil'}
              </option>
              {sorted.map((oil) => (
                <option key={oil.id} value={oil.id}>
                  {oil.name}
                </option>
              ))}
            </Select>
          </BottleField>
        </div>
        <BottleField id={fieldId('size')} label="Bottle size" hint={sizeHint} error={errors.size?.message}>
          <div className="flex gap-2">
            <Input inputMode="decimal" autoComplete="off" className="flex-1" {...control('size', sizeHint)} />
            <Select aria-label="Bottle unit" className="w-20 flex-none" {...form.register('unit')}>
              {BOTTLE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          </div>
        </BottleField>
        <BottleField id={fieldId('remaining')} label={`Amount left (${unitLabel})`} hint={leftHint} error={errors.remaining?.message}>
          <Input inputMode="decimal" autoComplete="off" {...control('remaining', leftHint)} />
        </BottleField>
        <BottleField id={fieldId('price')} label={priceLabel} hint={priceHint} error={errors.price?.message}>
          <Input inputMode="decimal" autoComplete="off" {...control('price', priceHint)} />
        </BottleField>
        <BottleField id={fieldId('purchasedOn')} label="Purchase date" error={errors.purchasedOn?.message}>
          <Input type="date" {...control('purchasedOn')} />
        </BottleField>
        <BottleField id={fieldId('openedOn')} label="Opened on" hint={openedHint} error={errors.openedOn?.message}>
          <Input type="date" {...control('openedOn', openedHint)} />
        </BottleField>
        <BottleField id={fieldId('bestBefore')} label="Best before" hint={bestBeforeHint} error={errors.bestBefore?.message}>
          <Input type="date" {...control('bestBefore', bestBeforeHint)} onInput={() => setBestBeforeTouched(true)} />
        </BottleField>
        <BottleField id={fieldId('supplier')} label="Supplier" error={errors.supplier?.message}>
          <Input autoComplete="off" maxLength={200} {...control('supplier')} />
        </BottleField>
        <BottleField id={fieldId('lotCode')} label="Lot or batch code" error={errors.lotCode?.message}>
          <Input autoComplete="off" maxLength={100} {...control('lotCode')} />
        </BottleField>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending} aria-disabled={save.isPending || undefined}>
          {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
          {save.isPending ? 'Saving...' : bottle ? 'Save bottle' : 'Add bottle'}
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
