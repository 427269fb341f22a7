import { FlaskConical, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Ingredient } from '#shared/api/ingredients.ts'
import { NO_MAXIMUM_ON_FILE } from '#shared/domain/safety.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { FamilyBadge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useOils, useOwnIngredients } from '#client/lib/catalog.ts'
import { useDeleteIngredient } from '#client/features/ingredients/api/ingredients.ts'
import { IngredientForm } from '#client/features/ingredients/components/ingredient-form.tsx'

/**
 * /ingredients (docs/product.md "Your own ingredients"): the maker's own ingredients, each with the
 * facts they gave; add one (from nothing or based on a catalog oil), change it, or delete one
 * nothing uses.
 */
export function IngredientsPage() {
  const own = useOwnIngredients()
  const oils = useOils()
  const [editing, setEditing] = useState<{ ingredient: Ingredient | null } | null>(null)
  const add = () => setEditing({ ingredient: null })
  const items = own.data?.items ?? []
  const nameOf = (id: number | null) => (id === null ? null : (oils.data?.find((o) => o.id === id)?.name ?? null))

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="My ingredients">
          Oils, extracts and fragrance oils of your own, beside the catalog’s: what you bought, with the facts your supplier gives.
        </PageHeading>
        <Button onClick={add} disabled={!oils.data}>
          <Plus aria-hidden="true" />
          Add an ingredient
        </Button>
      </div>

      {own.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your ingredients" />
        </div>
      ) : own.isError ? (
        <LoadError
          message="Your ingredients could not be loaded"
          detail={own.error.message}
          error={own.error}
          onRetry={() => void own.refetch()}
        />
      ) : items.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>No ingredients of your own yet</CardTitle>
            <CardDescription>
              Add what you work with that the catalog lacks or differs from: Bergamot FCF, a CO2 extract, an absolute, a supplier’s
              fragrance oil. Start from a catalog oil and change what differs.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={add} disabled={!oils.data}>
              <FlaskConical aria-hidden="true" />
              Add your first ingredient
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your ingredients">
          {items.map((ingredient) => (
            <li key={ingredient.id}>
              <IngredientCard ingredient={ingredient} basedOn={nameOf(ingredient.basedOnOilId)} onEdit={() => setEditing({ ingredient })} />
            </li>
          ))}
        </ul>
      )}

      <p className="text-sm text-muted-foreground">
        Bottles of your ingredients go on your{' '}
        <Link to="/shelf" className="text-primary underline underline-offset-2">
          oil shelf
        </Link>{' '}
        like any other.
      </p>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
          {editing && oils.data ? (
            <IngredientForm ingredient={editing.ingredient} catalog={oils.data} onDone={() => setEditing(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  )
}

function phototoxicText(value: boolean | null | undefined): string {
  return value === true ? 'Phototoxic' : value === false ? 'Not phototoxic' : 'Phototoxicity not known'
}

function IngredientCard({ ingredient, basedOn, onEdit }: { ingredient: Ingredient; basedOn: string | null; onEdit: () => void }) {
  const safety = ingredient.safety
  const maximum = safety?.maxLeaveOnPercent
  return (
    <Card className="h-full">
      <CardHeader className="gap-1">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {ingredient.name}
          <FamilyBadge family={ingredient.scentFamily} />
        </CardTitle>
        <CardDescription>
          {ingredient.kind} · {ingredient.noteType.join(', ')} · {ingredient.densityGPerMl} g/mL
          {basedOn ? ` · based on ${basedOn}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          <span className="text-muted-foreground">INCI: </span>
          {ingredient.inciName}
        </p>
        <p>
          <span className="text-muted-foreground">Leave-on maximum: </span>
          {maximum != null ? `${maximum} %` : NO_MAXIMUM_ON_FILE}
          {' · '}
          {phototoxicText(safety?.phototoxic)}
        </p>
        <p className="text-muted-foreground">{safety?.source ? `Source: ${safety.source}` : 'No source given'}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${ingredient.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <DeleteIngredientDialog ingredient={ingredient} />
        </div>
      </CardContent>
    </Card>
  )
}

/** Delete behind a confirmation; one a blend or bottle uses is refused, and the refusal says which. */
function DeleteIngredientDialog({ ingredient }: { ingredient: Ingredient }) {
  const remove = useDeleteIngredient()
  async function confirm() {
    try {
      await remove.mutateAsync(ingredient.id)
      toast.success(`${ingredient.name} deleted`)
    } catch (error) {
      toast.error('Not deleted', { description: error instanceof Error ? error.message : 'Please try again.' })
      return 'stay' as const
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10" aria-label={`Delete ${ingredient.name}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${ingredient.name}?`}
      description="It leaves your ingredients. One that a blend or a bottle uses is not deleted: Accord says which use it."
      icon={Trash2}
      confirmLabel="Delete ingredient"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  )
}
