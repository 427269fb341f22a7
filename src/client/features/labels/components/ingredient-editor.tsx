import { Plus, X } from 'lucide-react'
import { useId } from 'react'
import { useFieldArray, type UseFormReturn } from 'react-hook-form'
import { FRAGRANCE_AS, MAX_BASE_INGREDIENTS } from '#shared/api/labels.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { EMPTY_BASE_ROW, type LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'
import { useMessages } from '#client/lib/i18n.ts'
import type { LabelOptionsBody } from '#client/features/labels/lib/label-options.ts'
import { knownMessages, type Translate } from '#client/lib/known-messages.ts'

/**
 * The refusals the options can show, in English as the form's schema and the request's (shared)
 * schema word them, each with its words in the catalogs; one not known here is shown as it came.
 */
const PROBLEMS = knownMessages([
  ['Enter its percentage of the product', 'labels.options.problem.enterPercent'],
  ['The percentage is a number, such as 12.5', 'labels.options.problem.percentNumber'],
  ['The percentage is a number', 'labels.options.problem.percentNumber'],
  ['The percentage must be greater than 0', 'labels.options.problem.percentPositive'],
  ['The percentage is at most 100', 'labels.options.problem.percentMax'],
  ['Enter the INCI name', 'labels.options.problem.enterInci'],
  ['An INCI name is at most 120 characters', 'labels.options.problem.inciMax', { max: 120 }],
  [`At most ${MAX_BASE_INGREDIENTS} base ingredients`, 'labels.options.problem.tooMany', { max: MAX_BASE_INGREDIENTS }],
  ['The base and the essential oils total at most 100%', 'labels.options.problem.total'],
])

function problemText(t: Translate, message: string | undefined): string | undefined {
  if (message === undefined) return undefined
  return PROBLEMS.text(t, message)
}

/**
 * The ingredient list's options: the essential oils by INCI name or as "Parfum", and the base's
 * ingredients (optional: without them the list is the fragrance part alone), each an INCI name and
 * its percentage of the finished product, as a soap calculator gives them.
 */
export function IngredientEditor({ form }: { form: UseFormReturn<LabelOptionsValues, unknown, LabelOptionsBody> }) {
  const t = useMessages()
  const id = useId()
  const rows = useFieldArray({ control: form.control, name: 'base' })
  const { errors } = form.formState
  const baseError = errors.base?.root?.message ?? errors.base?.message

  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">{t('labels.options.oilsAs')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {FRAGRANCE_AS.map((choice) => (
            <label key={choice} className="inline-flex cursor-pointer items-center gap-2 text-sm text-foreground">
              <input type="radio" value={choice} className="size-4 accent-primary" {...form.register('fragranceAs')} />
              {t(`labels.options.fragranceAs.${choice}`)}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('labels.options.fragranceAsHint')}</p>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-foreground">{t('labels.options.base')}</legend>
        <p className="-mt-1 text-xs text-muted-foreground">{t('labels.options.baseHint')}</p>
        {rows.fields.length > 0 ? (
          <ol className="grid gap-3">
            {rows.fields.map((field, index) => {
              const row = errors.base?.[index]
              const inciId = `${id}-base-${index}-inci`
              const percentId = `${id}-base-${index}-percent`
              return (
                <li key={field.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem_auto] items-start gap-2">
                  <div className="grid gap-1">
                    <Label htmlFor={inciId} className="sr-only">
                      {t('labels.options.inciOf', { number: index + 1 })}
                    </Label>
                    <Input
                      id={inciId}
                      autoComplete="off"
                      maxLength={120}
                      placeholder={t('labels.options.inciExample')}
                      aria-invalid={row?.inci ? true : undefined}
                      aria-describedby={row?.inci ? `${inciId}-error` : undefined}
                      {...form.register(`base.${index}.inci`)}
                    />
                    {row?.inci ? (
                      <p id={`${inciId}-error`} className="text-xs font-medium text-destructive">
                        {problemText(t, row.inci.message)}
                      </p>
                    ) : null}
                  </div>
                  <div className="grid gap-1">
                    <Label htmlFor={percentId} className="sr-only">
                      {t('labels.options.percentOf', { number: index + 1 })}
                    </Label>
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
                        {problemText(t, row.percent.message)}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('labels.options.remove', { number: index + 1 })}
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
            {problemText(t, baseError)}
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
          {t('labels.options.add')}
        </Button>
      </fieldset>
    </div>
  )
}
