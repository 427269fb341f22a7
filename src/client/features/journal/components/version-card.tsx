import { ChevronRight } from 'lucide-react'
import type { BlendDetailVersion } from '#shared/api/blend-list.ts'
import type { BlendVersion } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { usePrinting } from '#client/lib/use-printing.ts'
import { formatDate } from '#client/features/journal/lib/format.ts'
import { AddTestEntryForm } from '#client/features/journal/components/add-test-entry-form.tsx'
import { LayerOils, layersOf } from '#client/features/journal/components/layer-oils.tsx'
import { VersionCompositionChart } from '#client/features/journal/components/charts/composition-chart.tsx'
import { VersionAccordsSlot } from '#client/features/journal/components/version-accords-slot.tsx'
import { VersionNotes } from '#client/features/journal/components/original-blend-card.tsx'
import { TestEntries } from '#client/features/journal/components/test-entries.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** 'Version 2 - 001b': versions are numbered 1..n in order (docs/product.md §2). */
export const versionTitle = (
  t: (id: string, values?: Record<string, unknown>) => string,
  position: number,
  version: Pick<BlendVersion, 'referenceNumber'>,
) => t('journal.version.title', { position, reference: version.referenceNumber })

/**
 * One version of a blend with several: a disclosure showing its oils, notes, tests and add-test
 * form. On paper every version is open: the printed blend is the recipe with all its versions.
 */
export function VersionCard({
  version,
  position,
  entries,
  expanded,
  onToggle,
  onOpenVersion,
}: {
  version: BlendDetailVersion
  position: number
  entries: readonly JournalEntry[]
  expanded: boolean
  onToggle: () => void
  /** Opens another version of the blend (the one following an accord made). */
  onOpenVersion?: (versionId: number) => void
}) {
  const t = useMessages()
  const panelId = `version-${version.id}-panel`
  const printing = usePrinting()
  const open = expanded || printing
  return (
    <Card className="overflow-hidden">
      {/* On paper a version's title stays on the page of its bar. */}
      <div className="print:break-inside-avoid">
        <div className="relative flex flex-col gap-1 p-4 transition-colors hover:bg-muted/50 sm:flex-row sm:items-center sm:gap-4 sm:px-6 print:py-2">
          <h2 className="min-w-0 flex-1 text-lg font-semibold text-foreground">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? `${panelId} ${panelId}-log` : undefined}
              onClick={onToggle}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-md text-left after:absolute after:inset-0',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              )}
            >
              <ChevronRight
                aria-hidden="true"
                className={cn('size-5 shrink-0 text-muted-foreground transition-transform', expanded && 'rotate-90')}
              />
              {versionTitle(t, position, version)}
            </button>
          </h2>
          <p className="flex shrink-0 gap-3 pl-7 text-sm text-muted-foreground sm:pl-0">
            <span>{t('journal.card.tests', { count: version.testCount })}</span>
            <span aria-hidden="true">·</span>
            <span>{t('journal.version.made', { date: formatDate(version.dateMade) })}</span>
          </p>
        </div>
        {open ? (
          <div id={panelId} className="flex flex-col gap-6 border-t border-border px-4 pt-4 sm:px-6 sm:pt-6 print:gap-3 print:pt-3">
            <VersionCompositionChart version={version} />
          </div>
        ) : null}
      </div>
      {open ? (
        <div id={`${panelId}-log`} className="flex flex-col gap-6 p-4 sm:p-6 print:gap-3 print:py-3">
          <LayerOils layers={layersOf(version)} />
          <VersionAccordsSlot version={version} onFollowed={onOpenVersion} />
          <VersionNotes version={version} />
          <section aria-labelledby={`${panelId}-tests`} className="flex flex-col gap-3 print:gap-2">
            <h3 id={`${panelId}-tests`} className="text-base font-semibold text-foreground">
              {t('journal.version.testEntries')}
            </h3>
            <TestEntries entries={entries} />
            <AddTestEntryForm projectId={version.projectId} versionId={version.id} variant="version" />
          </section>
        </div>
      ) : null}
    </Card>
  )
}
