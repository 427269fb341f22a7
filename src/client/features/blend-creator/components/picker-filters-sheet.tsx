import { SlidersHorizontal } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { PickerFilters } from '#shared/domain/oil-picker.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** How many of the sidebar's filters narrow the list. */
export function activeFilterCount(filters: PickerFilters): number {
  return (filters.search.trim() !== '' ? 1 : 0) + (filters.family !== null ? 1 : 0) + (filters.onlyStartEffect ? 1 : 0)
}

/**
 * On narrow screens the picker shows its results first (docs/product.md §2 step 2 (c)): the filters,
 * the compatibility guide and the blend so far open from a 'Filters' button, in a sheet from the
 * bottom of the screen that closes on 'Show N oils'.
 */
export function PickerFiltersSheet({
  filters,
  resultCount,
  children,
}: {
  filters: PickerFilters
  resultCount: number
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const active = activeFilterCount(filters)
  const t = useMessages()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="shrink-0"
          aria-label={active > 0 ? t('creator.filters.activeLabel', { count: active }) : undefined}
        >
          <SlidersHorizontal aria-hidden="true" />
          {t('creator.filters.title')}
          {active > 0 ? (
            <span
              aria-hidden="true"
              className="inline-flex size-5 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground tabular-nums"
            >
              {active}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t('creator.filters.close')}
        // Focus the sheet, not the search box: on a phone that would open the keyboard over it.
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          ;(event.currentTarget as HTMLElement).focus()
        }}
        // A sheet along the bottom edge instead of the centred panel (important: cn does not merge classes).
        className="top-auto! bottom-0 left-0! max-h-[85dvh]! w-full! max-w-none! translate-x-0! translate-y-0! gap-5 rounded-b-none! px-4! pt-5! pb-4! sm:left-1/2! sm:max-w-xl! sm:-translate-x-1/2!"
      >
        <DialogHeader>
          <DialogTitle>{t('creator.filters.title')}</DialogTitle>
          <DialogDescription>{t('creator.filters.description')}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogClose asChild>
          <Button size="lg" className="sticky bottom-0 w-full">
            {t('creator.filters.show', { count: resultCount })}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  )
}
