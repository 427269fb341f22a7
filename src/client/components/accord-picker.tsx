import { useState } from 'react'
import { Layers, Plus } from 'lucide-react'
import { Input } from '#client/components/ui/input.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { cn } from '#client/lib/cn.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { searchChoices, useMyAccords, type AccordChoice } from '#client/lib/my-accords.ts'

/**
 * "My accords" (decision 073): the user's saved blend versions, each named by its blend and
 * reference ('Citrus Dawn 001b'), searchable, each a button (Tab and Enter reach every one). The
 * blend being edited is left out (a blend cannot contain itself), and so are versions already in
 * the note. Loading, a failed load and an empty journal each say so.
 */
export function AccordPicker({
  id,
  label,
  excludeProjectId,
  excludeVersionIds = [],
  onPick,
}: {
  id: string
  /** The region's accessible name, e.g. 'Add an accord to the middle note'. */
  label: string
  excludeProjectId?: number
  excludeVersionIds?: readonly number[]
  onPick: (choice: AccordChoice) => void
}) {
  const t = useMessages()
  const [search, setSearch] = useState('')
  const accords = useMyAccords()
  const loaded = accords.data ?? []
  const offered = loaded.filter((c) => c.projectId !== excludeProjectId && !excludeVersionIds.includes(c.versionId))
  const shown = searchChoices(offered, search)
  const searchId = `${id}-search`
  return (
    <div id={id} role="region" aria-label={label} className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3">
      <p className="flex items-center gap-1.5 text-sm font-medium text-foreground">
        <Layers aria-hidden="true" className="size-4 text-primary" />
        {t('common.accords.title')}
      </p>
      {accords.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.accords.loading')}
        </p>
      ) : accords.isError ? (
        <LoadError inline message={t('common.accords.loadError')} error={accords.error} onRetry={() => void accords.refetch()} />
      ) : offered.length === 0 ? (
        <p className="text-sm text-muted-foreground">{loaded.length === 0 ? t('common.accords.none') : t('common.accords.noOther')}</p>
      ) : (
        <>
          <label htmlFor={searchId} className="sr-only">
            {t('common.accords.search')}
          </label>
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            placeholder={t('common.accords.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.length === 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t('common.accords.noMatch', { search: search.trim() })}
            </p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto pr-1">
              {shown.map((choice) => (
                <li key={choice.versionId}>
                  <button
                    type="button"
                    aria-label={t('common.accords.add', { name: choice.name, reference: choice.referenceNumber })}
                    onClick={() => onPick(choice)}
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-foreground',
                      'hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    )}
                  >
                    <Plus aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    <span className="min-w-0 flex-1 truncate">{choice.name}</span>
                    <span className="shrink-0 text-muted-foreground tabular-nums">{choice.referenceNumber}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {accords.hasNextPage ? (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>{t('common.accords.newest')}</span>
              <button
                type="button"
                onClick={() => void accords.fetchNextPage()}
                disabled={accords.isFetchingNextPage}
                className="cursor-pointer rounded-md px-2 py-1 font-medium text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-default disabled:opacity-60"
              >
                {accords.isFetchingNextPage ? t('common.accords.loadingOlder') : t('common.accords.showOlder')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}
