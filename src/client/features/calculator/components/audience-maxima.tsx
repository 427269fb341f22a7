import { Users } from 'lucide-react'
import { formatPercent } from '#shared/domain/units.ts'
import type { AudienceReport, EffectiveMaximum } from '#shared/domain/audiences.ts'

/** One oil's maximum for the audience and why: "Palmarosa: at most 2% (its own maximum is 6.5%). Children 2-6 years: ...". */
export function maximumLine(max: EffectiveMaximum): string {
  const bound =
    max.maxPercent === null ? 'no published maximum on file' : max.maxPercent === 0 ? 'none' : `at most ${formatPercent(max.maxPercent)}`
  const own =
    max.lowered && max.oilMaxPercent !== null
      ? ` (its own leave-on maximum is ${formatPercent(max.oilMaxPercent)})`
      : max.lowered && !max.oilMaximumOnFile
        ? ' (no maximum of its own on file)'
        : ''
  // The total's sentence names its source; an oil's own figure or an "avoid" gets it here.
  const source = max.basis === 'audience-total' || max.source === null ? '' : ` (${max.source})`
  return `${max.oil}: ${bound}${own}. ${max.reason}${source}`
}

/** Who the product is for, its total, and each oil's maximum for them with the reason (docs/product.md "Dilution by who will use it"). */
export function AudienceMaxima({ audience, headingId }: { audience: AudienceReport; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="flex items-center gap-2 font-medium text-foreground">
        <Users aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        For {audience.label.replace(/^The face/, 'the face')}
      </h3>
      <p className="text-foreground">{audience.totalText}</p>
      {audience.maxima.length > 0 ? (
        <ul aria-label={`Maxima for ${audience.label}`} className="flex flex-col gap-2">
          {audience.maxima.map((max) => (
            <li key={max.oil} className={max.lowered ? 'font-medium text-foreground' : 'text-muted-foreground'}>
              {maximumLine(max)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
