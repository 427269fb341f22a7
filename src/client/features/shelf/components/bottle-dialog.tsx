import { LoaderCircle } from 'lucide-react'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import type { Bottle } from '#shared/api/shelf.ts'
import { BOTTLE_UNITS, type BottleUnit } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { NativeSelect } from '#client/components/ui/native-select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { newIdempotencyKey } from '#client/lib/api-client.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useSaveBottle } from '#client/features/shelf/api/bottles.ts'
import { BottleField, describedBy } from '#client/features/shelf/components/bottle-field.tsx'
import {
  bottleBody,
  checkBottle,
  EMPTY_BOTTLE,
  serverFieldErrors,
  valuesOf,
  type BottleField as Field,
  type BottleFormValues,
  type FieldErrors,
} from '#client/features/shelf/lib/bottle-form.ts'

const FIELD_ORDER: readonly Field[] = ['oilId', 'size', 'remaining', 'price', 'supplier', 'lotCode', 'purchasedOn']

/**
 * Add a bottle (no `bottle`) or edit one: the oil (fixed once added), size in mL or g, the amount
 * left, the price, supplier, lot code and purchase date. A refused save keeps everything typed and
 * marks the fields the server named; a second press while saving does nothing.
 */
export function BottleDialog({
  open,
  onOpenChange,
  bottle,
  currency,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  bottle: Bottle | null
  currency: string | null
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open ? <BottleForm bottle={bottle} currency={currency} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function BottleForm({ bottle, currency, onDone }: { bottle: Bottle | null; currency: string | null; onDone: () => void }) {
  const id = useId()
  const oils = useOils()
  const save = useSaveBottle()
  const singleFlight = useSingleFlight()
  // One key per bottle being added: pressing Save again after a failure is the same intent.
  const idempotencyKey = useRef(newIdempotencyKey())
  const [values, setValues] = useState<BottleFormValues>(bottle ? valuesOf(bottle) : EMPTY_BOTTLE)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const sorted = useMemo(() => [...(oils.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en')), [oils.data])

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }))
  const fieldId = (field: Field) => `${id}-${field}`
  const control = (field: Field, hint?: string) => ({
    id: fieldId(field),
    value: values[field],
    onChange: set(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(fieldId(field), hint, errors[field]),
  })

  function focusFirst(found: FieldErrors) {
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void singleFlight(async () => {
      const found = checkBottle(values)
      setErrors(found)
      if (Object.keys(found).length > 0) {
        setMessage('Please check the fields marked below.')
        focusFirst(found)
        return
      }
      setMessage(null)
      try {
        await save.mutateAsync({ id: bottle?.id ?? null, body: bottleBody(values), idempotencyKey: idempotencyKey.current })
        toast.success(bottle ? 'Bottle saved' : 'Bottle added to your shelf')
        onDone()
      } catch (err) {
        const refused = serverFieldErrors(err)
        setErrors(refused.fields)
        setMessage(refused.message)
        focusFirst(refused.fields)
      }
    })
  }

  const unitLabel = values.unit
  const priceLabel = currency ? `Price paid (${currency})` : 'Price paid'
  const sizeHint = 'What the bottle held when full'
  const leftHint = bottle ? undefined : 'Leave blank for a full bottle'
  const priceHint = currency ? 'Optional: the cost per mL comes from it' : 'Optional; choose your currency on the shelf page'

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{bottle ? `Edit ${bottle.oilName}` : 'Add a bottle'}</DialogTitle>
        <DialogDescription>
          {bottle ? 'Change what you paid or how much is left.' : 'A bottle of one oil from the catalog: its size, what you paid and what is left.'}
        </DialogDescription>
      </DialogHeader>
      {message ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <BottleField id={fieldId('oilId')} label="Oil" error={errors.oilId}>
            <NativeSelect className="w-full" {...control('oilId')} disabled={bottle !== null || oils.isPending}>
              <option value="" disabled>
                {oils.isPending ? 'Loading oils...' : 'Choose an oil'}
              </option>
              {sorted.map((oil) => (
                <option key={oil.id} value={oil.id}>
                  {oil.name}
                </option>
              ))}
            </NativeSelect>
          </BottleField>
        </div>
        <BottleField id={fieldId('size')} label="Bottle size" hint={sizeHint} error={errors.size}>
          <div className="flex gap-2">
            <Input inputMode="decimal" autoComplete="off" className="flex-1" {...control('size', sizeHint)} />
            <NativeSelect
              aria-label="Bottle unit"
              className="w-20 flex-none"
              value={values.unit}
              onChange={(event) => setValues((v) => ({ ...v, unit: event.target.value as BottleUnit }))}
            >
              {BOTTLE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </NativeSelect>
          </div>
        </BottleField>
        <BottleField id={fieldId('remaining')} label={`Amount left (${unitLabel})`} hint={leftHint} error={errors.remaining}>
          <Input inputMode="decimal" autoComplete="off" {...control('remaining', leftHint)} />
        </BottleField>
        <BottleField id={fieldId('price')} label={priceLabel} hint={priceHint} error={errors.price}>
          <Input inputMode="decimal" autoComplete="off" {...control('price', priceHint)} />
        </BottleField>
        <BottleField id={fieldId('purchasedOn')} label="Purchase date" error={errors.purchasedOn}>
          <Input type="date" {...control('purchasedOn')} />
        </BottleField>
        <BottleField id={fieldId('supplier')} label="Supplier" error={errors.supplier}>
          <Input autoComplete="off" maxLength={200} {...control('supplier')} />
        </BottleField>
        <BottleField id={fieldId('lotCode')} label="Lot or batch code" error={errors.lotCode}>
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
