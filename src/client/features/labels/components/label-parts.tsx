import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { Label } from '#shared/api/labels.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { IngredientEditor } from '#client/features/labels/components/ingredient-editor.tsx'
import { IngredientText } from '#client/features/labels/components/ingredient-text.tsx'
import { PrintLabels } from '#client/features/labels/components/print-labels.tsx'
import {
  DEFAULT_OPTIONS,
  LabelOptionsFormSchema,
  type LabelOptionsBody,
  type LabelOptionsValues,
} from '#client/features/labels/lib/label-options.ts'

/** The parts of the label screen a preview and a recorded batch share. */

const resolver = zodResolver(LabelOptionsFormSchema)

/** The blend's name and the version's reference, for the heading and the printed labels. */
export function BlendLine({ name, reference, extra }: { name: string | null; reference: string | null; extra?: ReactNode }) {
  if (!name) return null
  return (
    <p className="text-lg font-semibold text-foreground">
      {reference ? <span className="font-mono text-base text-muted-foreground">{`${reference} `}</span> : null}
      {name}
      {extra}
    </p>
  )
}

/** The options form: the same for a preview and a batch. */
export function useLabelOptionsForm(defaults: LabelOptionsValues = DEFAULT_OPTIONS) {
  return useForm<LabelOptionsValues, unknown, LabelOptionsBody>({ defaultValues: defaults, resolver, mode: 'onChange' })
}

/** The ingredient list's card: the options, the resulting text and Copy. */
export function IngredientCard({
  form,
  label,
  stale,
  footer,
}: {
  form: ReturnType<typeof useLabelOptionsForm>
  label: Label | null
  stale: boolean
  footer?: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ingredient list</CardTitle>
        <CardDescription>The essential oils and the declared allergens, with the base&apos;s ingredients if you add them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <IngredientEditor form={form} />
        {label ? <IngredientText text={label.ingredientText} stale={stale} /> : null}
        {footer}
      </CardContent>
    </Card>
  )
}

/** The print card of a label. */
export function PrintCard({ label, title, reference }: { label: Label; title: string; reference: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Print label sheet</CardTitle>
        <CardDescription>A PDF of labels with the name, the ingredient list and the declared allergens.</CardDescription>
      </CardHeader>
      <CardContent>
        <PrintLabels
          content={{
            title,
            reference,
            productLabel: label.productLabel,
            ingredientText: label.ingredientText,
            declared: label.declared.map((allergen) => allergen.inci),
            complete: label.complete,
          }}
        />
      </CardContent>
    </Card>
  )
}

