import { Suspense, type ReactNode } from 'react'
import type { Label, LabelOptions } from '#shared/api/labels.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { IngredientText } from '#client/features/labels/components/ingredient-text.tsx'
import { PrintLabels } from '#client/features/labels/components/print-labels.tsx'
import type { LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'

/** The parts of the label screen a preview and a recorded batch share. */

// The options form and its schema library load on their own, after the screen: a label shows without them.
const LabelOptionsForm = preloadedChunk(() => import('#client/features/labels/components/options-form.tsx').then((m) => m.LabelOptionsForm))

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

/** The ingredient list's card: the options, the resulting text and Copy. */
export function IngredientCard({
  defaults,
  onOptions,
  refused,
  check,
  label,
  stale,
  footer,
}: {
  defaults: LabelOptionsValues
  /** Stable (useCallback): the options each time they change, null while something typed does not hold. */
  onOptions: (options: LabelOptions | null, changed: boolean) => void
  refused: Record<string, string> | null
  check?: number
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
        <Suspense fallback={<Spinner label="Loading the ingredient options" />}>
          <LabelOptionsForm defaults={defaults} onOptions={onOptions} refused={refused} check={check} />
        </Suspense>
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
