import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'
/**
 * A blend's latest ratings as a line the size of a word, drawn by hand (the journal list stays
 * small; the charting library loads only with a blend's details). Its label reads the ratings out.
 */
const W = 64
const H = 20
const PAD = 3

export function RatingSparkline({ ratings }: { ratings: readonly number[] }) {
  const t = useMessages()
  if (ratings.length === 0) return null
  const step = ratings.length > 1 ? (W - 2 * PAD) / (ratings.length - 1) : 0
  const points = ratings.map((r, i) => [ratings.length > 1 ? PAD + i * step : W / 2, H - PAD - ((r - 1) / 4) * (H - 2 * PAD)] as const)
  const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join('')
  const [lastX, lastY] = points.at(-1)!
  return (
    <svg
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('journal.sparkline.label', { ratings: ratings.join(', ') })}
      className="shrink-0 overflow-visible"
      data-testid="rating-sparkline"
    >
      {ratings.length > 1 ? (
        <path d={d} fill="none" stroke="var(--color-primary)" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
      <circle cx={lastX} cy={lastY} r={2.5} fill="var(--color-primary)" />
    </svg>
  )
}
