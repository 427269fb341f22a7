import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import type { Effect, ScentFamily } from '#shared/domain/vocabulary.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

interface Layer {
  /** The catalog's ids of the note and of the oil's common name. */
  note: string
  percentage: number
  oil: string
  latinName: string
  family: ScentFamily
  /** A static class so Tailwind sees it. */
  barWidth: string
}

// The default 30 / 50 / 20 structure (docs/product.md §9) with oils that are known to blend well together.
const layers: Layer[] = [
  {
    note: 'landing.example.top',
    percentage: 30,
    oil: 'landing.example.bergamot',
    latinName: 'Citrus bergamia',
    family: 'Citrus',
    barWidth: 'w-[30%]',
  },
  {
    note: 'landing.example.middle',
    percentage: 50,
    oil: 'landing.example.lavender',
    latinName: 'Lavandula angustifolia',
    family: 'Floral',
    barWidth: 'w-[50%]',
  },
  {
    note: 'landing.example.base',
    percentage: 20,
    oil: 'landing.example.cedarwood',
    latinName: 'Cedrus atlantica',
    family: 'Woody',
    barWidth: 'w-[20%]',
  },
]

const effects: Effect[] = ['Uplifting', 'Relaxing', 'Grounding']

/** An example blend drawn the way Accord structures one: three layers, their shares, their character. */
export function BlendIllustration() {
  const t = useMessages()
  const [beforeRatio, afterRatio] = aroundPlaceholder(t, 'landing.example.caption', 'ratio')
  return (
    <figure className="mx-auto w-full max-w-md lg:max-w-none">
      <div className="relative isolate">
        <div
          aria-hidden="true"
          className="absolute -inset-4 -z-10 hidden rotate-2 rounded-[1.75rem] bg-linear-to-br from-primary-soft to-accent-soft/70 sm:block"
        />
        <div className="rounded-card border border-border bg-card p-5 shadow-card sm:p-6">
          <div className="flex items-baseline justify-between gap-4">
            <p className="font-display text-lg font-semibold text-foreground">Evening Calm</p>
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('landing.example.label')}</p>
          </div>
          <ol className="mt-5 space-y-4">
            {layers.map((layer) => (
              <li key={layer.note} className="rounded-xl border border-border/80 bg-background/60 p-4">
                <div className="flex items-center justify-between gap-3">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t(layer.note)}</p>
                  <p className="text-sm font-semibold text-primary tabular-nums">{layer.percentage}%</p>
                </div>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0">
                    <span className="font-medium text-foreground">{t(layer.oil)}</span>{' '}
                    <span className="text-sm text-muted-foreground italic">{layer.latinName}</span>
                  </p>
                  <FamilyBadge family={layer.family} />
                </div>
                <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted">
                  <div className={`h-full rounded-full bg-primary/80 ${layer.barWidth}`} />
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
            <p className="mr-1 text-sm text-muted-foreground">{t('landing.example.properties')}</p>
            {effects.map((effect) => (
              <EffectBadge key={effect} effect={effect} />
            ))}
          </div>
        </div>
      </div>
      <figcaption className="mt-6 text-center text-sm text-muted-foreground">
        {beforeRatio}
        <span className="whitespace-nowrap">30 / 50 / 20</span>
        {afterRatio}
      </figcaption>
    </figure>
  )
}
