import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { AUDIENCES, audienceById, isAudienceId, type AudienceId } from '#shared/domain/audiences.ts'
import type { ProductUse } from '#shared/domain/safety.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { audienceLabel, audienceTotalSentence } from '#client/lib/safety-words.ts'

const CHILDREN = AUDIENCES.filter((audience) => audience.group === 'children')
const OTHERS = AUDIENCES.filter((audience) => audience.group !== 'children' && audience.group !== 'adults')

/**
 * "Who is it for": adults, a child by the age bands of the source, pregnancy or the face
 * (docs/product.md "Dilution by who will use it"). The browser's own select: keyboard and screen
 * readers know it, and typing "C" jumps to the children's bands.
 */
export function AudienceChoice({
  audience,
  use,
  onChange,
}: {
  audience: AudienceId
  /** The chosen product type's use; undefined before one is chosen. */
  use: ProductUse | undefined
  onChange: (audience: AudienceId) => void
}) {
  const t = useMessages()
  const chosen = audienceById(audience) ?? AUDIENCES[0]!
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <Label htmlFor="calc-audience">{t('calculator.audience.label')}</Label>
      <Select
        id="calc-audience"
        aria-describedby="calc-audience-hint"
        className="w-full"
        value={audience}
        onChange={(event) => isAudienceId(event.target.value) && onChange(event.target.value)}
      >
        <option value="adults">{t('calculator.audience.adults')}</option>
        <optgroup label={t('calculator.audience.children')}>
          {CHILDREN.map((band) => (
            <option key={band.id} value={band.id}>
              {audienceLabel(t, band.id)}
            </option>
          ))}
        </optgroup>
        {OTHERS.map((other) => (
          <option key={other.id} value={other.id}>
            {audienceLabel(t, other.id)}
          </option>
        ))}
      </Select>
      <p id="calc-audience-hint" className="text-sm text-muted-foreground">
        {use === undefined || use === 'leave-on' ? audienceTotalSentence(t, chosen) : t('calculator.audience.leaveOnOnly')}
      </p>
    </div>
  )
}
