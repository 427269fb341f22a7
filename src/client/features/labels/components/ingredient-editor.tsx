import { Plus, X } from 'lucide-react'
import { useId } from 'react'
import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { FRAGRANCE_AS, MAX_BASE_INGREDIENTS } from '#shared/api/labels.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { EMPTY_BASE_ROW, FRAGRANCE_AS_LABELS, type LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'
import type { LabelOptionsBody } from '#client/features/labels/lib/label-options.ts'

/**
 * The ingredient list's options: the essential oils by INCI name or as "Parfum", and the base's
 * ingredients (optional: without them the list is the fragrance part alone), each an INCI name and
 * its percentage of the finished product, as a soap calculator gives them.
 */
export function IngredientEditor({ form }: { form: UseFormReturn<LabelOptionsValues, unknown, LabelOptionsBody> }) {
  const id = useId()
  const rows = useFieldArray({ control: form.control, name: 'base' })
  const { errors } = form.formState
  const baseError = errors.base?.root?.message ?? errors.base?.message

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">Essential oils as</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {FRAGRANCE_AS.map((choice) => (
            <label key={choice} className="inline-flex cursor-pointer items-center gap-2 text-sm text-foreground">
              <input type="radio" value={choice} className="size-4 accent-primary" {...form.register('fragranceAs')} />
              {FRAGRANCE_AS_LABELS[choice]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">Either way, the declared allergens follow by their INCI names.</p>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-foreground">The base&apos;s ingredients (optional)</legend>
        <p className="-mt-1 text-xs text-muted-foreground">
          Their INCI names and percentages of the finished product, for example from your soap calculator. Leave this empty to list the
          fragrance part alone.
        </p>
        {rows.fields.length > 0 ? (
          <ol className="grid gap-3">
            {rows.fields.map((field, index) => {
              const row = errors.base?.[index]
              const inciId = `${id}-base-${index}-inci`
              const percentId = `${id}-base-${index}-percent`
              return (
                <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-start gap-2">
                  <div className="grid gap-1">
                    <Label htmlFor={inciId} className="sr-only">{`INCI name of ingredient ${index + 1}`}</Label>
                    <Input
                      id={inciId}
                      autoComplete="off"
                      maxLength={120}
                      placeholder="e.g. Aqua"
                      aria-invalid={row?.inci ? true : undefined}
                      aria-describedby={row?.inci ? `${inciId}-error` : undefined}
                      {...form.register(`base.${index}.inci`)}
                    />
                    {row?.inci ? (
                      <p id={`${inciId}-error`} className="text-xs font-medium text-destructive">
                        {row.inci.message}
                      </p>
                    ) : null}
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={percentId} className="sr-only">{`Percentage of ingredient ${index + 1}`}</Label>
                    <div className="relative">
                      <Input
                        id={percentId}
                        inputMode="decimal"
                        autoComplete="off"
                        className="pr-7 text-right tabular-nums"
                        aria-invalid={row?.percent ? true : undefined}
                        aria-describedby={row?.percent ? `${percentId}-error` : undefined}
                        {...form.register(`base.${index}.percent`)}
                      />
                      <span
                        aria-hidden="true"
                        className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-sm text-muted-foreground"
                      >
                        %
                      </span>
                    </div>
                    {row?.percent ? (
                      <p id={`${percentId}-error`} className="text-xs font-medium text-destructive">
                        {row.percent.message}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ingredient ${index + 1}`}
                    onClick={() => rows.remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              )
            })}
          </ol>
        ) : null}
        {baseError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {baseError}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={rows.fields.length >= MAX_BASE_INGREDIENTS}
          onClick={() => rows.append({ ...EMPTY_BASE_ROW })}
        >
          <Plus aria-hidden="true" />
          Add a base ingredient
        </Button>
      </fieldset>
    </div>
  )
}
