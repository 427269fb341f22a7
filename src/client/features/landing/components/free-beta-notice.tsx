import { BadgePercent, CreditCard, Sparkles } from 'lucide-react'
import { LAUNCH_DISCOUNT_PERCENT } from '#shared/domain/launch-offer.ts'
import { useMessages } from '#client/lib/i18n.ts'

const POINTS = [
  { icon: Sparkles, id: 'landing.beta.free' },
  { icon: CreditCard, id: 'landing.beta.noCard' },
  { icon: BadgePercent, id: 'landing.beta.pro' },
]

/** The Free Beta Access notice (docs/product.md §1, §2). */
export function FreeBetaNotice() {
  const _ = useMessages()
  return (
    <section aria-labelledby="beta-title" className="below-fold pb-20 [--fold-estimate:25rem] sm:pb-24 lg:[--fold-estimate:21rem]">
      <div className="page-container">
        <div className="rounded-card border border-primary/20 bg-primary-soft p-6 sm:p-10">
          <h2 id="beta-title" className="font-display text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            {_('landing.beta.title')}
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {POINTS.map(({ icon: Icon, id }) => (
              <li key={id} className="flex items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="leading-relaxed text-foreground">{_(id, { percent: LAUNCH_DISCOUNT_PERCENT })}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
