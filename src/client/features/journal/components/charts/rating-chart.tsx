import { useEffect, useId, useRef, useState } from 'react'
import { scaleLinear } from 'd3-scale'
import { curveMonotoneX, line } from 'd3-shape'
import { todayIn } from '#shared/domain/calendar-date.ts'
import type { RatingSeries, SeriesPoint } from '#shared/domain/rating-series.ts'
import { RATINGS } from '#shared/domain/rating.ts'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { usePrinting } from '#client/lib/use-printing.ts'
import { formatDay } from '#client/features/journal/lib/format.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** Line colours and dash patterns: a batch is told apart by both, not by colour alone. */
export const SERIES_STYLES = [
  { color: 'var(--color-primary)', dash: undefined },
  { color: 'var(--color-accent)', dash: '6 4' },
  { color: 'var(--color-family-camphoraceous-ink)', dash: '2 3' },
  { color: 'var(--color-family-floral-ink)', dash: '10 3 2 3' },
  { color: 'var(--color-family-herbal-ink)', dash: '1 5' },
] as const
export const seriesStyle = (index: number) => SERIES_STYLES[index % SERIES_STYLES.length]!

const MARGIN = { top: 14, right: 16, bottom: 42, left: 36 }

/**
 * The element's width in CSS pixels, followed as it changes: the chart is drawn at its real size, so its text stays
 * legible. Measured by the ResizeObserver alone (decision 087): its first observation arrives after the browser's own
 * layout, before that frame paints, so the commit never forces a layout by reading `clientWidth`. Until then the SVG is
 * drawn at `initial` and scaled to its box by its viewBox (`max-w-full h-auto`).
 */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

type Translate = (id: string, values?: Record<string, unknown>) => string
const dayLabel = (t: Translate, days: number) => t('journal.chart.days', { count: days })
const ratingLabel = (t: Translate, rating: number) => t('journal.rating.stars', { count: rating })

/**
 * Each batch's test ratings by days since it was made, one line per batch (a version made on a day): how the
 * blend develops as it cures. The SVG is a picture of the table below it, which screen readers
 * read (and anyone can show).
 */
export function RatingChart({ series }: { series: readonly RatingSeries[] }) {
  const t = useMessages()
  const [tableShown, setTableShown] = useState(false)
  const id = useId()
  const [box, width] = useWidth(640)
  const narrow = width < 480
  // Lower on paper, where the versions' recipes need the room.
  const printing = usePrinting()
  const height = printing ? 170 : narrow ? 220 : 260
  const points = series.flatMap((s) => s.points)
  const maxDays = Math.max(7, ...points.map((p) => p.days))
  const x = scaleLinear()
    .domain([0, maxDays])
    .nice()
    .range([MARGIN.left, width - MARGIN.right])
  const y = scaleLinear()
    .domain([1, 5])
    .range([height - MARGIN.bottom, MARGIN.top])
  const path = line<SeriesPoint>()
    .x((p) => x(p.days))
    .y((p) => y(p.rating))
    .curve(curveMonotoneX)
  const summary = series
    .map(
      (s) =>
        `${s.label}: ${s.points.map((p) => t('journal.chart.after', { rating: ratingLabel(t, p.rating), days: dayLabel(t, p.days) })).join(', ')}`,
    )
    .join('; ')

  return (
    <figure aria-labelledby={`${id}-caption`} className="flex flex-col gap-3">
      <figcaption id={`${id}-caption`} className="sr-only">
        {t('journal.chart.caption')}
      </figcaption>
      <div ref={box} className="w-full">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block h-auto max-w-full overflow-visible"
          role="img"
          aria-label={t('journal.chart.label', { summary })}
          data-testid="rating-chart"
        >
          {RATINGS.map((r) => (
            <g key={r}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(r)}
                y2={y(r)}
                stroke="var(--color-border)"
                strokeDasharray={r === 1 ? undefined : '3 4'}
              />
              <text x={MARGIN.left - 10} y={y(r)} dy="0.35em" textAnchor="end" className="fill-muted-foreground text-xs">
                {`${r}★`}
              </text>
            </g>
          ))}
          {x
            .ticks(Math.min(narrow ? 5 : 8, maxDays))
            .filter(Number.isInteger)
            .map((tick) => (
              <g key={tick}>
                <line
                  x1={x(tick)}
                  x2={x(tick)}
                  y1={height - MARGIN.bottom}
                  y2={height - MARGIN.bottom + 5}
                  stroke="var(--color-muted-foreground)"
                />
                <text x={x(tick)} y={height - MARGIN.bottom + 20} textAnchor="middle" className="fill-muted-foreground text-xs">
                  {tick}
                </text>
              </g>
            ))}
          <text x={(MARGIN.left + width - MARGIN.right) / 2} y={height - 4} textAnchor="middle" className="fill-muted-foreground text-xs">
            {t('journal.chart.daysSinceMade')}
          </text>
          {series.map((s, index) => {
            const style = seriesStyle(index)
            return (
              <g key={s.key}>
                {s.points.length > 1 ? (
                  <path
                    d={path(s.points) ?? undefined}
                    fill="none"
                    stroke={style.color}
                    strokeWidth={2.5}
                    strokeDasharray={style.dash}
                    strokeLinecap="round"
                  />
                ) : null}
                {s.points.map((p) => (
                  <circle
                    key={p.entryId}
                    cx={x(p.days)}
                    cy={y(p.rating)}
                    r={4.5}
                    fill="var(--color-card)"
                    stroke={style.color}
                    strokeWidth={2.5}
                  />
                ))}
              </g>
            )
          })}
        </svg>
      </div>

      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-hidden="true">
        {series.map((s, index) => (
          <li key={s.key} className="flex items-center gap-2">
            <svg width="28" height="10" className="shrink-0">
              <line
                x1="1"
                x2="27"
                y1="5"
                y2="5"
                stroke={seriesStyle(index).color}
                strokeWidth="2.5"
                strokeDasharray={seriesStyle(index).dash}
              />
            </svg>
            <span className="font-mono">{s.label}</span>
          </li>
        ))}
      </ul>

      <div>
        <Button variant="ghost" size="sm" aria-expanded={tableShown} aria-controls={`${id}-table`} onClick={() => setTableShown((v) => !v)}>
          {tableShown ? t('journal.chart.hideTable') : t('journal.chart.showTable')}
        </Button>
      </div>
      {/* Shown, the table scrolls sideways on a narrow phone: a keyboard reaches it to scroll it (issue 37). */}
      <div
        id={`${id}-table`}
        className={cn(tableShown ? 'overflow-x-auto rounded-lg border border-border' : 'sr-only')}
        {...(tableShown ? { role: 'group', 'aria-label': t('journal.chart.caption'), tabIndex: 0 } : {})}
      >
        <RatingTable series={series} />
      </div>
    </figure>
  )
}

/** The chart's data as a table: the text alternative. */
function RatingTable({ series }: { series: readonly RatingSeries[] }) {
  const t = useMessages()
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground'
  const today = todayIn()
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{t('journal.chart.tableCaption')}</caption>
      <thead className="bg-muted">
        <tr>
          <th scope="col" className={head}>
            {t('journal.share.version')}
          </th>
          <th scope="col" className={head}>
            {t('journal.chart.daysSinceMade')}
          </th>
          <th scope="col" className={head}>
            {t('journal.form.tested')}
          </th>
          <th scope="col" className={head}>
            {t('journal.form.rating')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {series.flatMap((s) =>
          s.points.map((p) => (
            <tr key={p.entryId}>
              <th scope="row" className="px-3 py-2 text-left font-mono font-medium text-foreground">
                {s.label}
              </th>
              <td className="px-3 py-2 tabular-nums">{dayLabel(t, p.days)}</td>
              <td className="px-3 py-2">{formatDay(p.dateTested, today)}</td>
              <td className="px-3 py-2">{ratingLabel(t, p.rating)}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  )
}
