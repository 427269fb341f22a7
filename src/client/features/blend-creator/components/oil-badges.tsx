import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import { Badge, EffectBadge, FamilyBadge } from '#client/components/ui/badge.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { layerWord } from '#client/features/blend-creator/lib/creator-words.ts'

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
  const t = useMessages()
  const oilName = useShownOilName()
  const effects = [...oil.effects.filter((e) => preferEffects.includes(e)), ...oil.effects.filter((e) => !preferEffects.includes(e))]
  return (
    <ul aria-label={t('creator.oil.atAGlance', { oil: oilName(oil) })} className={cn('flex flex-wrap gap-1.5', className)}>
      {effects.slice(0, effectLimit).map((effect) => (
        <li key={effect}>
          <EffectBadge effect={effect} />
        </li>
      ))}
      {showNoteTypes
        ? oil.noteType.map((type) => (
            <li key={type}>
              <Badge variant="outline">{layerWord(t, type)}</Badge>
            </li>
          ))
        : null}
      <li>
        <FamilyBadge family={oil.scentFamily} />
      </li>
    </ul>
  )
}
