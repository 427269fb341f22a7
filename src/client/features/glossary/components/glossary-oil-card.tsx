import { ShieldAlert } from 'lucide-react'
import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import type { EssentialOil } from '#shared/api/oils.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { noteText } from '#client/features/glossary/lib/glossary-filter.ts'

function safetyText(safety: NonNullable<EssentialOil['safety']>): string {
  const parts = [
    safety.maxLeaveOnPercent === null ? null : `At most ${formatPercent(safety.maxLeaveOnPercent)} in leave-on skin products.`,
    safety.phototoxic
      ? 'Phototoxic: keep treated skin out of strong sun for 12 hours.'
      : 'Not phototoxic.',
  ]
  return parts.filter(Boolean).join(' ')
}

/** One oil of the glossary: names (common, botanical and the EU INCI name a label prints), note, scent profile, effects, pairings, description and safety facts. */
export function GlossaryOilCard({ oil }: { oil: EssentialOil }) {
  return (
    <article className="flex w-full flex-col gap-3 rounded-card border border-border bg-card p-5 shadow-card">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-foreground">{oil.name}</h2>
        <p className="text-sm italic text-muted-foreground">{oil.latinName}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">INCI</span> {oil.inciName}
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">Scent profile:</span>
        <FamilyBadge family={oil.scentFamily} />
        <span className="text-sm text-muted-foreground">{noteText(oil.noteType)}</span>
      </div>
      <p className="text-sm leading-relaxed text-foreground">{oil.description}</p>
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-medium text-foreground">Effects</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {oil.effects.map((effect) => (
              <EffectBadge key={effect} effect={effect} />
            ))}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-foreground">Blends with</dt>
          <dd className="text-muted-foreground">{oil.blendsWith.join(', ')}</dd>
        </div>
        {oil.safety ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <dt className="flex items-center gap-1.5 font-medium">
              <ShieldAlert aria-hidden="true" className="size-4 text-amber-800" />
              Safety
            </dt>
            <dd>
              {safetyText(oil.safety)} <span className="text-amber-900">Source: {oil.safety.source}.</span>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  )
}
