import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { LabelOptions } from '#shared/api/labels.ts'
import { IngredientEditor } from '#client/features/labels/components/ingredient-editor.tsx'
import type { LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'
import { LabelOptionsFormSchema, optionsOf, type LabelOptionsBody } from '#client/features/labels/lib/label-options.ts'

const resolver = zodResolver(LabelOptionsFormSchema)

/**
 * The ingredient list's options as a form (react-hook-form with LabelOptionsFormSchema, which ends
 * in the request's own schema). A chunk of its own, loaded after the label screen, which needs no
 * schema library to show a label. It tells the screen the options each time they change (null
 * while something typed does not hold), and shows the refusals the screen hands it.
 */
export function LabelOptionsForm({
  defaults,
  onOptions,
  refused,
  check = 0,
}: {
  defaults: LabelOptionsValues
  /** Keep it stable (useCallback): the form reports through it when the values change. */
  onOptions: (options: LabelOptions | null, changed: boolean) => void
  /** The server's refusals by field ('base', 'base.0.percent'). */
  refused: Record<string, string> | null
  /** Raised to show every problem at once (Save pressed while something does not hold). */
  check?: number
}) {
  const form = useForm<LabelOptionsValues, unknown, LabelOptionsBody>({ defaultValues: defaults, resolver, mode: 'onTouched' })
  const values = useWatch({ control: form.control }) as LabelOptionsValues
  const json = JSON.stringify(values)
  // The form's first values: what "changed" is measured against.
  const [first] = useState(() => JSON.stringify(defaults))

  // onOptions is stable (the screen's useCallback): this runs when the values change.
  useEffect(() => {
    onOptions(optionsOf(JSON.parse(json) as LabelOptionsValues), json !== first)
  }, [json, first, onOptions])

  useEffect(() => {
    for (const [field, message] of Object.entries(refused ?? {})) {
      if (field.startsWith('base')) form.setError(field as 'base', { type: 'server', message })
    }
  }, [refused, form])

  useEffect(() => {
    if (check > 0) void form.trigger()
  }, [check, form])

  return <IngredientEditor form={form} />
}
