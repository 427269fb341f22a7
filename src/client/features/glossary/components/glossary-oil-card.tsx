import { ShieldAlert } from 'lucide-react'
import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import type { EssentialOil } from '#shared/api/oils.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { CAUTION_LABELS, NO_MAXIMUM_ON_FILE } from '#shared/domain/safety.ts'
import { noteText } from '#client/features/glossary/lib/glossary-filter.ts'

function maximumText(safety: EssentialOil['safety']): string {
  if (safety?.maxLeaveOnPercent == null) return `${NO_MAXIMUM_ON_FILE}.`
  return `At most ${formatPercent(safety.maxLeaveOnPercent)} in leave-on skin products.`
}

function phototoxicText(phototoxic: boolean | null | undefined): string | null {
  if (phototoxic === true) return 'Phototoxic: keep treated skin out of strong sun for 12 hours.'
  if (phototoxic === false) return 'Not phototoxic.'
  return null
}

/** The oil's skin-safety facts as published, each with its source; "No published maximum on file" where there is none. */
function SafetyFactsList({ safety }: { safety: EssentialOil['safety'] }) {
  const cautions = safety
    ? (['children', 'pregnancy', 'oxidation'] as const).flatMap((kind) => {
        const caution = safety[kind]
        return caution ? [{ kind, ...caution }] : []
      })
    : []
  return (
    <dd className="flex flex-col gap-1.5">
      <p>
        {[maximumText(safety), phototoxicText(safety?.phototoxic), safety?.maximumNote].filter(Boolean).join(' ')}
        {safety?.source ? <span className="text-muted-foreground"> Source: {safety.source}.</span> : null}
      </p>
      {cautions.map((caution) => (
        <p key={caution.kind}>
          <span className="font-medium">{CAUTION_LABELS[caution.kind]}:</span> {caution.text}{' '}
          <span className="text-muted-foreground">Source: {caution.source}.</span>
        </p>
      ))}
    </dd>
  )
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
        <div className="rounded-lg border border-border p-3 text-foreground">
          <dt className="flex items-center gap-1.5 font-medium">
            <ShieldAlert aria-hidden="true" className="size-4 text-muted-foreground" />
            Safety
          </dt>
          <SafetyFactsList safety={oil.safety} />
        </div>
      </dl>
    </article>
  )
}
