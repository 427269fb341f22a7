import { FlaskConical, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import type { Ingredient } from '#shared/api/ingredients.ts'
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
import { IngredientForm, KIND_WORDS } from '#client/features/ingredients/components/ingredient-form.tsx'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

export { wordsReady } from '#client/features/ingredients/ingredients-catalog.ts'

/**
 * /ingredients (docs/product.md "Your own ingredients"): the maker's own ingredients, each with the
 * facts they gave; add one (from nothing or based on a catalog oil), change it, or delete one
 * nothing uses.
 */
export function IngredientsPage() {
  const t = useMessages()
  const own = useOwnIngredients()
  const oils = useOils()
  const [editing, setEditing] = useState<{ ingredient: Ingredient | null } | null>(null)
  const add = () => setEditing({ ingredient: null })
  const items = own.data?.items ?? []
  const nameOf = (id: number | null) => (id === null ? null : (oils.data?.find((o) => o.id === id)?.name ?? null))

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={t('ingredients.page.title')}>{t('ingredients.page.lead')}</PageHeading>
        <Button onClick={add} disabled={!oils.data}>
          <Plus aria-hidden="true" />
          {t('ingredients.page.add')}
        </Button>
      </div>

      {own.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('ingredients.page.loading')} />
        </div>
      ) : own.isError ? (
        <LoadError
          message={t('ingredients.page.loadFailed')}
          detail={own.error.message}
          error={own.error}
          onRetry={() => void own.refetch()}
        />
      ) : items.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t('ingredients.empty.title')}</CardTitle>
            <CardDescription>{t('ingredients.empty.text')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={add} disabled={!oils.data}>
              <FlaskConical aria-hidden="true" />
              {t('ingredients.empty.add')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('ingredients.page.list')}>
          {items.map((ingredient) => (
            <li key={ingredient.id}>
              <IngredientCard ingredient={ingredient} basedOn={nameOf(ingredient.basedOnOilId)} onEdit={() => setEditing({ ingredient })} />
            </li>
          ))}
        </ul>
      )}

      <ShelfNote />

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

/** "Bottles of your ingredients go on your oil shelf like any other", the shelf a link. */
function ShelfNote() {
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'ingredients.page.shelfNote', 'shelf')
  return (
    <p className="text-sm text-muted-foreground">
      {before}
      <Link to="/shelf" className="text-primary underline underline-offset-2">
        {t('ingredients.page.shelf')}
      </Link>
      {after}
    </p>
  )
}

function phototoxicId(value: boolean | null | undefined): string {
  return value === true
    ? 'ingredients.card.phototoxic'
    : value === false
      ? 'ingredients.card.notPhototoxic'
      : 'ingredients.card.phototoxicUnknown'
}

function IngredientCard({ ingredient, basedOn, onEdit }: { ingredient: Ingredient; basedOn: string | null; onEdit: () => void }) {
  const t = useMessages()
  const safety = ingredient.safety
  const number = (value: number) => value.toLocaleString(currentLanguage(), { maximumFractionDigits: 10, useGrouping: false })
  const maximum = safety?.maxLeaveOnPercent
  return (
    <Card className="h-full">
      <CardHeader className="gap-1">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {ingredient.name}
          <FamilyBadge family={ingredient.scentFamily} />
        </CardTitle>
        <CardDescription>
          {t(KIND_WORDS[ingredient.kind])} · {ingredient.noteType.map((note) => t(`ingredients.note.${note}`)).join(', ')} ·{' '}
          {t('ingredients.card.density', { density: number(ingredient.densityGPerMl) })}
          {basedOn ? ` · ${t('ingredients.card.basedOn', { name: basedOn })}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          <span className="text-muted-foreground">{t('ingredients.card.inci')} </span>
          {ingredient.inciName}
        </p>
        <p>
          <span className="text-muted-foreground">{t('ingredients.card.maximum')} </span>
          {maximum != null ? `${number(maximum)} %` : t('ingredients.noMaximum')}
          {' · '}
          {t(phototoxicId(safety?.phototoxic))}
        </p>
        <p className="text-muted-foreground">
          {safety?.source ? t('ingredients.card.source', { source: safety.source }) : t('ingredients.card.noSource')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('ingredients.card.editLabel', { name: ingredient.name })}>
            <Pencil aria-hidden="true" />
            {t('ingredients.card.edit')}
          </Button>
          <DeleteIngredientDialog ingredient={ingredient} />
        </div>
      </CardContent>
    </Card>
  )
}

/** Delete behind a confirmation; one a blend or bottle uses is refused, and the refusal says which. */
function DeleteIngredientDialog({ ingredient }: { ingredient: Ingredient }) {
  const t = useMessages()
  const remove = useDeleteIngredient()
  async function confirm() {
    try {
      await remove.mutateAsync(ingredient.id)
      toast.success(t('ingredients.delete.done', { name: ingredient.name }))
    } catch (error) {
      toast.error(t('ingredients.delete.failed'), {
        description: error instanceof Error ? error.message : t('ingredients.delete.tryAgain'),
      })
      return 'stay' as const
    }
  }
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10"
          aria-label={t('ingredients.delete.label', { name: ingredient.name })}
        >
          <Trash2 aria-hidden="true" />
          {t('ingredients.delete.button')}
        </Button>
      }
      title={t('ingredients.delete.title', { name: ingredient.name })}
      description={t('ingredients.delete.description')}
      icon={Trash2}
      confirmLabel={t('ingredients.delete.confirm')}
      pendingLabel={t('ingredients.delete.pending')}
      onConfirm={confirm}
    />
  )
}
