import { BadgePercent, CreditCard, Sparkles } from 'lucide-react'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'

const POINTS = [
  { icon: Sparkles, text: 'Every feature is free while Accord is in beta.' },
  { icon: CreditCard, text: 'No credit card needed to join.' },
  {
    icon: BadgePercent,
    text: `Some tools may move to a paid Pro plan at launch. Readers of the book who join during the beta get ${LAUNCH_DISCOUNT_PERCENT}% off their first year of Pro.`,
  },
]

/** The Free Beta Access notice (docs/product.md §1, §2). */
export function FreeBetaNotice() {
  return (
    <section aria-labelledby="beta-title" className="below-fold pb-20 [--fold-estimate:25rem] sm:pb-24 lg:[--fold-estimate:21rem]">
      <div className="page-container">
        <div className="rounded-card border border-primary/20 bg-primary-soft p-6 sm:p-10">
          <h2 id="beta-title" className="font-display text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            Free Beta Access
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="leading-relaxed text-foreground">{text}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
