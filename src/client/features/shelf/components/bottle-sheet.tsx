import { Suspense, type ComponentType, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { Bottle } from '#shared/api/shelf.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * What a bottle's supplier papers are edited in: the allergen declaration and the IFRA certificate
 * (docs/product.md "Allergen labels", "IFRA certificates"). Each is a dialog whose panel loads on
 * its own, reads the paper of that bottle (one lot), then shows its form; this file is what they share.
 */

/** What a dialog says about the bottle: its lot and supplier, so the maker checks the right paper. */
export function lotOf(t: ReturnType<typeof useMessages>, bottle: Bottle): string {
  return [
    bottle.lotCode ? t('shelf.sheet.lot', { lot: bottle.lotCode }) : null,
    bottle.supplier ? t('shelf.sheet.from', { supplier: bottle.supplier }) : null,
  ]
    .filter(Boolean)
    .join(', ')
}

export type BottlePanel = ComponentType<{ bottle: Bottle; onDone: () => void }>

/** The dialog of one bottle's paper: its title while the panel's chunk loads, then the panel. */
export function BottleSheetDialog({
  bottle,
  title,
  Panel,
  onOpenChange,
}: {
  bottle: Bottle | null
  title: (bottle: Bottle) => string
  Panel: BottlePanel
  onOpenChange: (open: boolean) => void
}) {
  const t = useMessages()
  return (
    <Dialog open={bottle !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {bottle ? (
          <Suspense
            fallback={
              <>
                <DialogTitle>{title(bottle)}</DialogTitle>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label={t('shelf.loadingLabel')} />
                  {t('shelf.loading')}
                </p>
              </>
            }
          >
            <Panel bottle={bottle} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** The panel's header (title and what the paper holds), then the paper's form once it is read, or why it could not be. */
export function BottleSheetPanel<T>({
  title,
  description,
  query,
  loadingLabel,
  errorMessage,
  children,
}: {
  title: string
  description: string
  query: UseQueryResult<T>
  loadingLabel: string
  errorMessage: string
  children: (data: T, header: ReactNode) => ReactNode
}) {
  const header = (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  )
  if (query.isPending) {
    return (
      <div className="grid gap-5">
        {header}
        <Spinner label={loadingLabel} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="grid gap-5">
        {header}
        <LoadError inline message={errorMessage} error={query.error} onRetry={() => void query.refetch()} />
      </div>
    )
  }
  return children(query.data, header)
}
