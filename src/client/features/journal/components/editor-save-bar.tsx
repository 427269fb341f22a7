import type { ReactNode } from 'react'
import { AlertCircle } from 'lucide-react'
import { isTotalValid } from '#shared/domain/percentages.ts'
import { cn } from '#client/lib/cn.ts'
import { formatPercent } from '#shared/domain/units.ts'

/**
 * The editor's bar, kept in view at the bottom: the total, 'Should total 100%' when it is off
 * (docs/product.md §5), a note when a layer is empty, and the save buttons passed as children.
 */
export function EditorSaveBar({ total, emptyLayer, children }: { total: number; emptyLayer: boolean; children: ReactNode }) {
  const totalValid = isTotalValid(total)
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur-md sm:bottom-4 sm:mx-0 sm:rounded-card sm:border sm:px-5 md:flex-row md:items-center">
      <div role="status" className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm text-muted-foreground">Total</span>
        <span className={cn('font-display text-2xl font-semibold tabular-nums', totalValid ? 'text-foreground' : 'text-destructive')}>
          {formatPercent(total)}
        </span>
        {!totalValid ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-destructive">
            <AlertCircle aria-hidden="true" className="size-4" />
            Should total 100%
          </span>
        ) : emptyLayer ? (
          <span className="text-sm font-medium text-destructive">Every note needs at least one oil</span>
        ) : null}
      </div>
      {children}
    </div>
  )
}
