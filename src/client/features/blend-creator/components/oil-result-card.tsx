import { Plus } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { effectBadgeLimit } from '#shared/domain/blend-properties.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { OilBadges } from '#client/features/blend-creator/components/oil-badges.tsx'

/**
 * One oil in the picker's list. The whole card takes a pointer click; its Select button is the
 * keyboard's way to the same action.
 */
export function OilResultCard({
  oil,
  onSelect,
  preferEffects,
}: {
  oil: EssentialOil
  onSelect: (oil: EssentialOil) => void
  preferEffects: readonly Effect[]
}) {
  return (
    <article
      aria-labelledby={`oil-${oil.id}-name`}
      onClick={() => onSelect(oil)}
      className="group flex h-full cursor-pointer flex-col gap-3 rounded-card border border-border bg-card p-5 shadow-card transition-colors hover:border-primary"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`oil-${oil.id}-name`} className="text-lg font-semibold text-foreground group-hover:text-primary">
            {oil.name}
          </h3>
          <p className="text-sm text-muted-foreground italic">{oil.latinName}</p>
        </div>
        <Button
          size="sm"
          aria-label={`Select ${oil.name}`}
          onClick={(event) => {
            event.stopPropagation()
            onSelect(oil)
          }}
        >
          <Plus aria-hidden="true" />
          Select
        </Button>
      </div>
      <OilBadges oil={oil} effectLimit={effectBadgeLimit('picker', null)} preferEffects={preferEffects} />
      <p className="line-clamp-3 text-sm leading-relaxed text-foreground">{oil.description}</p>
      {oil.blendsWith.length > 0 ? (
        <p className="mt-auto text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Blends with: </span>
          {oil.blendsWith.join(', ')}
        </p>
      ) : null}
    </article>
  )
}
