import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import type { Bottle, BottleList as BottlePage } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { BottleCard } from '#client/features/shelf/components/bottle-card.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** The bottles loaded so far, by oil name, and "Load more" while the server has more. */
export function BottleList({
  bottles,
  items,
  currency,
  onEdit,
  onAllergens,
  onIfra,
  onDocuments,
  onQrCode,
}: {
  bottles: Pick<
    UseInfiniteQueryResult<InfiniteData<BottlePage>>,
    'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'isFetchNextPageError'
  >
  items: readonly Bottle[]
  currency: string | null
  onEdit: (bottle: Bottle) => void
  onAllergens: (bottle: Bottle) => void
  onIfra?: ((bottle: Bottle) => void) | undefined
  onDocuments?: ((bottle: Bottle) => void) | undefined
  onQrCode?: ((bottle: Bottle) => void) | undefined
}) {
  const t = useMessages()
  return (
    <section aria-labelledby="bottles-title" className="flex flex-col gap-4">
      <h2 id="bottles-title" className="text-lg font-semibold text-foreground">
        {t('shelf.bottles.title')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {items.map((bottle) => (
          <li key={bottle.id}>
            <BottleCard
              bottle={bottle}
              currency={currency}
              onEdit={onEdit}
              onAllergens={onAllergens}
              onIfra={onIfra}
              onDocuments={onDocuments}
              onQrCode={onQrCode}
            />
          </li>
        ))}
      </ul>
      {bottles.hasNextPage ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={() => void bottles.fetchNextPage({ cancelRefetch: false })}
            disabled={bottles.isFetchingNextPage}
          >
            {bottles.isFetchingNextPage ? t('shelf.loading') : t('shelf.bottles.loadMore')}
          </Button>
          {bottles.isFetchNextPageError ? (
            <span role="alert" className="text-sm text-destructive">
              {t('shelf.bottles.loadMoreError')}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
