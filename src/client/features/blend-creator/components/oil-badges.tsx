import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import { Badge, EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import { cn } from '#client/lib/cn.ts'

/** An oil's effects (at most `limit`), note types and scent family, in their colours. */
export function OilBadges({
  oil,
  effectLimit,
  showNoteTypes = true,
  preferEffects = [],
  className,
}: {
  oil: EssentialOil
  effectLimit: number
  showNoteTypes?: boolean
  /** Effects to show first when the oil has them (the ones the blend was started with). */
  preferEffects?: readonly Effect[]
  className?: string
}) {
  const effects = [...oil.effects.filter((e) => preferEffects.includes(e)), ...oil.effects.filter((e) => !preferEffects.includes(e))]
  return (
    <ul aria-label={`${oil.name} at a glance`} className={cn('flex flex-wrap gap-1.5', className)}>
      {effects.slice(0, effectLimit).map((effect) => (
        <li key={effect}>
          <EffectBadge effect={effect} />
        </li>
      ))}
      {showNoteTypes
        ? oil.noteType.map((type) => (
            <li key={type}>
              <Badge variant="outline">{type}</Badge>
            </li>
          ))
        : null}
      <li>
        <FamilyBadge family={oil.scentFamily} />
      </li>
    </ul>
  )
}
