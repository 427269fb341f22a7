import { Star } from 'lucide-react'
import { nextRating, RATINGS, type Rating } from '#shared/domain/rating.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * 1-5 clickable stars (docs/product.md §4 "Test entry"): a star sets that rating, the current star again
 * clears it. Each star is a toggle button; the pressed one is the rating.
 */
export function StarRating({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: number | null
  onChange: (rating: Rating | null) => void
  label: string
  disabled?: boolean
}) {
  const t = useMessages()
  return (
    <div role="group" aria-label={label} className="-ml-1.5 flex items-center">
      {RATINGS.map((star) => {
        const filled = value !== null && star <= value
        return (
          <button
            key={star}
            type="button"
            disabled={disabled}
            aria-label={t('journal.rating.stars', { count: star })}
            aria-pressed={value === star}
            title={value === star ? t('journal.rating.clear') : t('journal.rating.stars', { count: star })}
            onClick={() => onChange(nextRating(value, star))}
            className={cn(
              'inline-flex size-9 cursor-pointer items-center justify-center rounded-md transition-colors',
              'hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              'disabled:pointer-events-none disabled:opacity-50',
            )}
          >
            <Star aria-hidden="true" className={cn('size-5', filled ? 'fill-current text-accent' : 'text-muted-foreground/70')} />
          </button>
        )
      })}
    </div>
  )
}
