import { Droplets, Layers, Plus } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { effectBadgeLimit } from '#shared/domain/blend-properties.ts'
import type { Effect, NoteType } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { YoursBadge } from '#client/components/ui/badge.tsx'
import { OilBadges } from '#client/features/blend-creator/components/oil-badges.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName as blendName, useShownOilName } from '#client/lib/oil-words.ts'
import { useOilNote } from '#client/lib/oil-notes-words.ts'
import { inYour } from '#client/features/blend-creator/lib/creator-words.ts'

/**
 * One oil in the picker's list. The whole card takes a pointer click; its Select button is the
 * keyboard's way to the same action. An oil already in another layer says so ('in your base').
 */
export function OilResultCard({
  oil,
  onSelect,
  preferEffects,
  onShelf = false,
  usedIn = [],
}: {
  oil: EssentialOil
  onSelect: (oil: EssentialOil) => void
  preferEffects: readonly Effect[]
  /** The user owns a bottle of it: a small "On your shelf" badge. */
  onShelf?: boolean
  /** The other layers that already hold this oil. */
  usedIn?: readonly NoteType[]
}) {
  const t = useMessages()
  const oilName = useShownOilName()
  const oilNote = useOilNote()
  return (
    <article
      aria-labelledby={`oil-${oil.id}-name`}
      onClick={() => onSelect(oil)}
      className="group flex h-full cursor-pointer flex-col gap-3 rounded-card border border-border bg-card p-5 shadow-card transition-colors hover:border-primary"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`oil-${oil.id}-name`} className="text-lg font-semibold text-foreground group-hover:text-primary">
            {oilName(oil)}
          </h3>
          <p className="text-sm text-muted-foreground italic">{oil.yours ? oil.inciName : oil.latinName}</p>
          {oil.yours ? <YoursBadge className="mt-1.5" /> : null}
          {onShelf ? (
            <p className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
              <Droplets aria-hidden="true" className="size-3.5" />
              {t('creator.result.onShelf')}
            </p>
          ) : null}
          {usedIn.length > 0 ? (
            <p className="mt-2 inline-flex items-center gap-1.5 rounded-full border border-accent/30 bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-foreground">
              <Layers aria-hidden="true" className="size-3.5 text-accent" />
              {inYour(t, usedIn)}
            </p>
          ) : null}
        </div>
        <Button
          size="sm"
          aria-label={t('creator.result.selectOil', { oil: oilName(oil) })}
          onClick={(event) => {
            event.stopPropagation()
            onSelect(oil)
          }}
        >
          <Plus aria-hidden="true" />
          {t('creator.result.select')}
        </Button>
      </div>
      <OilBadges oil={oil} effectLimit={effectBadgeLimit('picker', null)} preferEffects={preferEffects} />
      <p className="line-clamp-3 text-sm leading-relaxed text-foreground">{oilNote(oil)}</p>
      {oil.blendsWith.length > 0 ? (
        <p className="mt-auto text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{t('creator.oil.blendsWith')}</span>
          {oil.blendsWith.map(blendName).join(', ')}
        </p>
      ) : null}
    </article>
  )
}
