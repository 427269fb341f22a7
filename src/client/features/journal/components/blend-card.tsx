import { useEffect, useRef, useState } from 'react'
import { Eye, GitBranchPlus, Pencil } from 'lucide-react'
import type { BlendListItem } from '#shared/api/blend-list.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { formatDate, plural } from '#client/features/journal/lib/format.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { DeleteBlendDialog } from '#client/features/journal/components/delete-blend-dialog.tsx'
import { RenameField } from '#client/features/journal/components/rename-field.tsx'
import { RatingSparkline } from '#client/features/journal/components/rating-sparkline.tsx'

/** A layer's oils as a card names them: 'Bergamot', 'Bergamot, Lemon', or 'None'. */
const layerNames = (names: readonly string[]) => (names.length > 0 ? names.join(', ') : 'None')

/** The oils of a listed blend per note, with each note's share (its latest version's). */
export function BlendNotesSummary({ blend }: { blend: BlendListItem }) {
  const rows = [
    ['Top', blend.oils.top, blend.topPercentage],
    ['Middle', blend.oils.middle, blend.middlePercentage],
    ['Base', blend.oils.base, blend.basePercentage],
  ] as const
  return (
    <dl className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1 text-sm">
      {rows.map(([layer, names, percentage]) => (
        <div key={layer} className="contents">
          <dt className="text-muted-foreground">{layer}</dt>
          <dd className="truncate font-medium text-foreground">{layerNames(names)}</dd>
          <dd className="text-right text-muted-foreground tabular-nums">{formatPercent(percentage)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * 'matches 001a': the search found this blend by an oil only an older version has, so the card,
 * which shows the latest version, names the version that matched.
 */
function SearchMatch({ blend }: { blend: Pick<BlendListItem, 'matchedReference'> }) {
  if (!blend.matchedReference) return null
  return (
    <span className="text-xs text-muted-foreground" data-matched-reference={blend.matchedReference}>
      matches <span className="font-mono">{blend.matchedReference}</span>
    </span>
  )
}

/**
 * A card on the All tab (docs/product.md §2): name, reference, inline rename, the oils per note, the
 * creation date, and View Details, Create new version and Delete.
 */
export function BlendCard({ blend, onOpen, onNewVersion }: { blend: BlendListItem; onOpen: () => void; onNewVersion: () => void }) {
  const [renaming, setRenaming] = useState(false)
  const pencil = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const titleId = `blend-${blend.id}-name`

  useEffect(() => {
    if (!renaming && returnFocus.current) {
      returnFocus.current = false
      pencil.current?.focus()
    }
  }, [renaming])

  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-2">
        {renaming ? (
          <RenameField
            blend={blend}
            onDone={() => {
              returnFocus.current = true
              setRenaming(false)
            }}
          />
        ) : (
          <div className="flex min-w-0 flex-1 items-center gap-1">
            <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold text-foreground" title={blend.name}>
              {blend.name}
            </h2>
            <Button
              ref={pencil}
              variant="ghost"
              size="icon"
              aria-label={`Rename ${blend.name}`}
              onClick={() => setRenaming(true)}
              className="text-muted-foreground"
            >
              <Pencil aria-hidden="true" />
            </Button>
          </div>
        )}
        <Badge variant="outline" className="mt-1.5 font-mono">
          {blend.referenceNumber}
        </Badge>
      </div>
      <SearchMatch blend={blend} />
      <BlendNotesSummary blend={blend} />
      <div className="flex items-center justify-between gap-3">
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span>{`Created ${formatDate(blend.createdAt)}`}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(blend.versionCount, 'version')}</span>
          <span aria-hidden="true">·</span>
          <span>{blend.testCount > 0 ? plural(blend.testCount, 'test') : 'Untested'}</span>
        </p>
        <RatingSparkline ratings={blend.recentRatings} />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-4">
        <Button size="sm" onClick={onOpen} data-journal-open={blend.id}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
        <Button size="sm" variant="outline" onClick={onNewVersion}>
          <GitBranchPlus aria-hidden="true" />
          Create new version
        </Button>
        <div className="ml-auto">
          <DeleteBlendDialog blend={blend} />
        </div>
      </div>
    </Card>
  )
}

/**
 * A card on the Tested and Untested tabs: the name, reference, oils and a test count or an
 * 'Untested' badge; the whole card opens the details.
 */
export function BlendSummaryCard({ blend, onOpen }: { blend: BlendListItem; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-journal-open={blend.id}
      className="flex h-full w-full cursor-pointer flex-col gap-3 rounded-card border border-border bg-card p-5 text-left shadow-card transition-colors hover:border-primary/40 hover:bg-primary-soft/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex w-full items-start gap-2">
        <span className="min-w-0 flex-1 truncate text-lg font-semibold text-foreground">{blend.name}</span>
        {blend.testCount > 0 ? (
          <Badge colors="bg-primary-soft text-primary border-transparent">{plural(blend.testCount, 'test')}</Badge>
        ) : (
          <Badge colors="bg-accent-soft text-accent border-transparent">Untested</Badge>
        )}
      </span>
      <span className="flex w-full items-center justify-between gap-3">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-xs text-muted-foreground">{blend.referenceNumber}</span>
          <SearchMatch blend={blend} />
        </span>
        <RatingSparkline ratings={blend.recentRatings} />
      </span>
      <span className="text-sm text-foreground">{[blend.oils.top, blend.oils.middle, blend.oils.base].map(layerNames).join(' · ')}</span>
    </button>
  )
}
