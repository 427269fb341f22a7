import { Users } from 'lucide-react'
import { audienceById, type AudienceReport, type EffectiveMaximum } from '#shared/domain/audiences.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { audienceLabel, audienceTotalSentence, maximaHeading, maximumReason, type ReportAudience } from '#client/lib/safety-words.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import type { Translate } from '#client/features/calculator/lib/words.ts'

/** One oil's maximum for the audience and why: "Palmarosa: at most 2% (its own maximum is 6.5%). Children 2-6 years: ...". */
export function maximumLine(t: Translate, audience: ReportAudience, max: EffectiveMaximum): string {
  const bound =
    max.maxPercent === null
      ? t('calculator.maxima.noMaximum')
      : max.maxPercent === 0
        ? t('calculator.maxima.none')
        : t('calculator.results.atMost', { percent: shownPercent(max.maxPercent) })
  const own =
    max.lowered && max.oilMaxPercent !== null
      ? ` ${t('calculator.maxima.ownMaximum', { percent: shownPercent(max.oilMaxPercent) })}`
      : max.lowered && !max.oilMaximumOnFile
        ? ` ${t('calculator.maxima.noOwnMaximum')}`
        : ''
  // The total's sentence names its source; an oil's own figure or an "avoid" gets it here.
  const source = max.basis === 'audience-total' || max.source === null ? '' : ` (${max.source})`
  return `${oilName(max.oil)}: ${bound}${own}. ${maximumReason(t, 'leave-on', audience, max)}${source}`
}

/** Who the product is for, its total, and each oil's maximum for them with the reason (docs/product.md "Dilution by who will use it"). */
export function AudienceMaxima({ audience, headingId }: { audience: AudienceReport; headingId: string }) {
  const t = useMessages()
  const chosen = audienceById(audience.id)
  if (!chosen) return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="flex items-center gap-2 font-medium text-foreground">
        <Users aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        {maximaHeading(t, audience.id)}
      </h3>
      <p className="text-foreground">{audienceTotalSentence(t, chosen)}</p>
      {audience.maxima.length > 0 ? (
        <ul aria-label={t('calculator.maxima.list', { audience: audienceLabel(t, audience.id) })} className="flex flex-col gap-2">
          {audience.maxima.map((max) => (
            <li key={max.oil} className={max.lowered ? 'font-medium text-foreground' : 'text-muted-foreground'}>
              {maximumLine(t, chosen, max)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
