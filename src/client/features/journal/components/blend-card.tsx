import { useEffect, useRef, useState } from 'react'
import { Eye, GitBranchPlus, Pencil } from 'lucide-react'
import type { BlendListItem } from '#shared/api/blend-list.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { formatDate } from '#client/features/journal/lib/format.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { DeleteBlendDialog } from '#client/features/journal/components/delete-blend-dialog.tsx'
import { RenameField } from '#client/features/journal/components/rename-field.tsx'
import { RatingSparkline } from '#client/features/journal/components/rating-sparkline.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import '#client/features/journal/journal-catalog.ts'

/** A layer's oils as a card names them, in the maker's language: 'Bergamot', 'Bergamot, Lemon', or 'None'. */
const layerNames = (names: readonly string[], none: string) => (names.length > 0 ? names.map(oilName).join(', ') : none)

/** The oils of a listed blend per note, with each note's share (its latest version's). */
export function BlendNotesSummary({ blend }: { blend: BlendListItem }) {
  const t = useMessages()
  const rows = [
    [t('journal.layer.top'), blend.oils.top, blend.topPercentage],
    [t('journal.layer.middle'), blend.oils.middle, blend.middlePercentage],
    [t('journal.layer.base'), blend.oils.base, blend.basePercentage],
  ] as const
  return (
    <dl className="grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1 text-sm">
      {rows.map(([layer, names, percentage]) => (
        <div key={layer} className="contents">
          <dt className="text-muted-foreground">{layer}</dt>
          {/* A long name is cut with "…" on a narrow card; its title holds it whole. */}
          <dd className="truncate font-medium text-foreground" title={layerNames(names, t('journal.card.noOils'))}>
            {layerNames(names, t('journal.card.noOils'))}
          </dd>
          <dd className="text-right text-muted-foreground tabular-nums">{shownPercent(percentage)}</dd>
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
  const t = useMessages()
  if (!blend.matchedReference) return null
  const [before, after] = aroundPlaceholder(t, 'journal.card.matches', 'reference')
  return (
    <span className="text-xs text-muted-foreground" data-matched-reference={blend.matchedReference}>
      {before}
      <span className="font-mono">{blend.matchedReference}</span>
      {after}
    </span>
  )
}

/**
 * A card on the All tab (docs/product.md §2): name, reference, inline rename, the oils per note, the
 * creation date, and View Details, Create new version and Delete.
 */
export function BlendCard({ blend, onOpen, onNewVersion }: { blend: BlendListItem; onOpen: () => void; onNewVersion: () => void }) {
  const t = useMessages()
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
              aria-label={t('journal.card.rename', { name: blend.name })}
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
          <span>{t('journal.card.created', { date: formatDate(blend.createdAt) })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('journal.versionCount', { count: blend.versionCount })}</span>
          <span aria-hidden="true">·</span>
          <span>{blend.testCount > 0 ? t('journal.card.tests', { count: blend.testCount }) : t('journal.card.untested')}</span>
        </p>
        <RatingSparkline ratings={blend.recentRatings} />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-4">
        <Button size="sm" onClick={onOpen} data-journal-open={blend.id}>
          <Eye aria-hidden="true" />
          {t('journal.card.viewDetails')}
        </Button>
        <Button size="sm" variant="outline" onClick={onNewVersion}>
          <GitBranchPlus aria-hidden="true" />
          {t('journal.card.newVersion')}
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
  const t = useMessages()
  const none = t('journal.card.noOils')
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
          <Badge colors="bg-primary-soft text-primary border-transparent">{t('journal.card.tests', { count: blend.testCount })}</Badge>
        ) : (
          <Badge colors="bg-accent-soft text-accent border-transparent">{t('journal.card.untested')}</Badge>
        )}
      </span>
      <span className="flex w-full items-center justify-between gap-3">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-xs text-muted-foreground">{blend.referenceNumber}</span>
          <SearchMatch blend={blend} />
        </span>
        <RatingSparkline ratings={blend.recentRatings} />
      </span>
      <span className="text-sm text-foreground">
        {[blend.oils.top, blend.oils.middle, blend.oils.base].map((names) => layerNames(names, none)).join(' · ')}
      </span>
    </button>
  )
}
