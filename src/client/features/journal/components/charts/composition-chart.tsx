import type { BlendVersion } from '#shared/api/blends.ts'
import { compositionOf, type LayerShare } from '#shared/domain/rating-series.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * The layers' colours (styles.css `--color-layer-*`): neighbouring layers differ by at least 3:1
 * in both themes. SVG fills, unlike backgrounds, print whatever the browser's "background
 * graphics" setting, so the bar and its key are drawn, not painted as backgrounds.
 */
export const LAYER_COLORS: Record<NoteType, string> = {
  Top: 'var(--color-layer-top)',
  Middle: 'var(--color-layer-middle)',
  Base: 'var(--color-layer-base)',
}

const WIDTH = 600
const BAR = 28

/**
 * A version's composition: one bar of the whole blend, split into its top, middle and base shares
 * and, within each, its oils (separated by a thin gap in the card's colour). A picture of the oil
 * list beside it; its label says the same in words.
 */
export function CompositionChart({ layers }: { layers: readonly LayerShare[] }) {
  const t = useMessages()
  const shownName = useOilName()
  const layerName = (layer: NoteType) => t(`journal.layer.${layer.toLowerCase()}`)
  const total = layers.reduce((sum, l) => sum + l.total, 0)
  const scale = WIDTH / Math.max(total, 100)
  const oils = layers.flatMap((layer) => layer.oils.map((oil) => ({ layer: layer.layer, oil })))
  const segments = oils.map(({ layer, oil }, i) => {
    const start = oils.slice(0, i).reduce((sum, o) => sum + o.oil.percentage, 0)
    return { key: `${layer}-${oil.id}-${i}`, layer, oil, x: start * scale, width: Math.max(0, oil.percentage * scale) }
  })
  const label = layers
    .map(
      (l) =>
        `${layerName(l.layer)} ${shownPercent(l.total)}${l.oils.length > 0 ? `: ${l.oils.map((o) => `${shownName(o.name)} ${shownPercent(o.percentage)}`).join(', ')}` : ''}`,
    )
    .join('. ')

  return (
    <div className="flex flex-col gap-2 print:break-inside-avoid print:gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${BAR}`}
        preserveAspectRatio="none"
        className="h-7 w-full rounded-md print:h-5"
        role="img"
        aria-label={t('journal.composition.label', { label })}
        data-testid="composition-chart"
      >
        <rect width={WIDTH} height={BAR} fill="var(--color-muted)" />
        {segments.map((s) => (
          <rect
            key={s.key}
            x={s.x}
            width={s.width}
            height={BAR}
            fill={LAYER_COLORS[s.layer]}
            stroke="var(--color-card)"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
            data-layer={s.layer}
          >
            <title>{`${layerName(s.layer)}: ${shownName(s.oil.name)} ${shownPercent(s.oil.percentage)}`}</title>
          </rect>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        {layers.map((l) => (
          <li key={l.layer} className="flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-2.5 shrink-0">
              <rect width={10} height={10} rx={2} fill={LAYER_COLORS[l.layer]} />
            </svg>
            {`${layerName(l.layer)} ${shownPercent(l.total)}`}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A version's composition bar, drawn with the details rather than loaded later: a version opened
 * for paper (use-printing.ts) is laid out in the same moment, and a bar still loading would print
 * as an empty box.
 */
export function VersionCompositionChart({ version }: { version: Pick<BlendVersion, 'topOils' | 'middleOils' | 'baseOils'> }) {
  return <CompositionChart layers={compositionOf(version)} />
}
