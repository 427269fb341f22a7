import { ShieldAlert } from 'lucide-react'
import '#client/features/glossary/glossary-catalog.ts'
import { EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { useOilNote } from '#client/lib/oil-notes-words.ts'

type Translate = ReturnType<typeof useMessages>

/** A percentage in the language shown ('0.7%', '0,7 %'), to two decimals at most. */
const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 4 }).format(Number(value.toFixed(2)) / 100)

function maximumText(t: Translate, safety: EssentialOil['safety']): string {
  if (safety?.maxLeaveOnPercent == null) return t('glossary.card.noMaximum')
  return t('glossary.card.maximum', { percent: percent(safety.maxLeaveOnPercent) })
}

function phototoxicText(t: Translate, phototoxic: boolean | null | undefined): string | null {
  if (phototoxic === true) return t('glossary.card.phototoxic')
  if (phototoxic === false) return t('glossary.card.notPhototoxic')
  return null
}

/** 'Middle / Base note', each note in the language shown. */
function notesText(t: Translate, noteType: readonly NoteType[]): string {
  return t('glossary.card.notes', { notes: noteType.map((note) => t(`glossary.note.${note}`)).join(' / ') })
}

/** The oil's skin-safety facts as published, each with its source; "No published maximum on file" where there is none. */
function SafetyFactsList({ safety }: { safety: EssentialOil['safety'] }) {
  const t = useMessages()
  const cautions = safety
    ? (['children', 'pregnancy', 'oxidation'] as const).flatMap((kind) => {
        const caution = safety[kind]
        return caution ? [{ kind, ...caution }] : []
      })
    : []
  return (
    <dd className="flex flex-col gap-1.5">
      <p>
        {[maximumText(t, safety), phototoxicText(t, safety?.phototoxic), safety?.maximumNote].filter(Boolean).join(' ')}
        {safety?.source ? <span className="text-muted-foreground"> {t('glossary.card.source', { source: safety.source })}</span> : null}
      </p>
      {cautions.map((caution) => (
        <p key={caution.kind}>
          <span className="font-medium">{t(`glossary.card.caution.${caution.kind}`)}</span> {caution.text}{' '}
          <span className="text-muted-foreground">{t('glossary.card.source', { source: caution.source })}</span>
        </p>
      ))}
    </dd>
  )
}

/** One oil of the glossary: names (common, botanical and the EU INCI name a label prints), note, scent profile, effects, pairings, description and safety facts. */
export function GlossaryOilCard({ oil }: { oil: EssentialOil }) {
  const t = useMessages()
  const oilName = useOilName()
  const oilNote = useOilNote()
  const name = oil.yours ? oil.name : oilName(oil.name)
  return (
    <article className="flex w-full flex-col gap-3 rounded-card border border-border bg-card p-5 shadow-card">
      <header className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-foreground">{name}</h2>
        <p className="text-sm italic text-muted-foreground">{oil.latinName}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('glossary.card.inci')}</span> {oil.inciName}
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{t('glossary.card.family')}</span>
        <FamilyBadge family={oil.scentFamily} />
        <span className="text-sm text-muted-foreground">{notesText(t, oil.noteType)}</span>
      </div>
      <p className="text-sm leading-relaxed text-foreground">{oilNote(oil)}</p>
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-medium text-foreground">{t('glossary.card.effects')}</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {oil.effects.map((effect) => (
              <EffectBadge key={effect} effect={effect} />
            ))}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-foreground">{t('glossary.card.blendsWith')}</dt>
          <dd className="text-muted-foreground">{oil.blendsWith.map(oilName).join(', ')}</dd>
        </div>
        <div className="rounded-lg border border-border p-3 text-foreground">
          <dt className="flex items-center gap-1.5 font-medium">
            <ShieldAlert aria-hidden="true" className="size-4 text-muted-foreground" />
            {t('glossary.card.safety')}
          </dt>
          <SafetyFactsList safety={oil.safety} />
        </div>
      </dl>
    </article>
  )
}
