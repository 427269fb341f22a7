import { scaleLinear } from 'd3-scale'
import type { LayerShare } from '#shared/domain/rating-series.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { formatPercent } from '#shared/domain/units.ts'

/** The layers' colours, as the blend creator's proportions bar has them. */
const LAYER_COLORS: Record<NoteType, string> = {
  Top: 'var(--color-family-herbal)',
  Middle: 'var(--color-ring)',
  Base: 'var(--color-primary)',
}

const WIDTH = 600
const BAR = 28

/**
 * A version's composition: one bar of the whole blend, split into its top, middle and base shares
 * and, within each, its oils (lighter shades for the later oils of a layer). A picture of the
 * oil list beside it; its label says the same in words.
 */
export function CompositionChart({ layers }: { layers: readonly LayerShare[] }) {
  const total = layers.reduce((sum, l) => sum + l.total, 0)
  const x = scaleLinear().domain([0, Math.max(total, 100)]).range([0, WIDTH])
  const oils = layers.flatMap((layer) => layer.oils.map((oil, index) => ({ layer: layer.layer, oil, index })))
  const segments = oils.map(({ layer, oil, index }, i) => ({
    key: `${layer}-${oil.id}-${i}`,
    layer,
    oil,
    start: oils.slice(0, i).reduce((sum, o) => sum + o.oil.percentage, 0),
    // The later oils of a layer in lighter shades of its colour.
    shade: 1 - Math.min(index, 3) * 0.22,
  }))
  const label = layers
    .map((l) => `${l.layer} ${formatPercent(l.total)}${l.oils.length > 0 ? `: ${l.oils.map((o) => `${o.name} ${formatPercent(o.percentage)}`).join(', ')}` : ''}`)
    .join('. ')

  return (
    <div className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${BAR}`} preserveAspectRatio="none" className="h-7 w-full rounded-md" role="img" aria-label={`Composition. ${label}.`} data-testid="composition-chart">
        <rect width={WIDTH} height={BAR} fill="var(--color-muted)" />
        {segments.map((s) => (
          <rect
            key={s.key}
            x={x(s.start)}
            width={Math.max(0, x(s.start + s.oil.percentage) - x(s.start))}
            height={BAR}
            fill={LAYER_COLORS[s.layer]}
            fillOpacity={s.shade}
            stroke="var(--color-card)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          >
            <title>{`${s.layer}: ${s.oil.name} ${formatPercent(s.oil.percentage)}`}</title>
          </rect>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        {layers.map((l) => (
          <li key={l.layer} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: LAYER_COLORS[l.layer] }} />
            {`${l.layer} ${formatPercent(l.total)}`}
          </li>
        ))}
      </ul>
    </div>
  )
}
