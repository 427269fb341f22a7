import { Check } from 'lucide-react'
import { WIZARD_STEPS } from '#shared/domain/wizard.ts'
import { cn } from '#client/lib/cn.ts'
import type { WizardStep } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** docs/product.md §2: a progress bar showing 'current step / 3', labelled 1 Start, 2 Select Oils, 3 Summary. */
export function WizardProgress({ step }: { step: WizardStep }) {
  const t = useMessages()
  const label = (n: WizardStep) => t(`creator.steps.${n}`)
  return (
    <nav aria-label={t('creator.steps.nav')} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-medium text-foreground">
          {/* One text node, as the painted page's markup has it: two would be shaped apart, a pixel off. */}
          {`${t('creator.steps.step')} `}
          <span className="tabular-nums">{step} / 3</span>
        </p>
        <p className="text-muted-foreground">{label(step)}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('creator.steps.bar')}
        aria-valuemin={1}
        aria-valuemax={3}
        aria-valuenow={step}
        aria-valuetext={t('creator.steps.valueText', { step, label: label(step) })}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(step / 3) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-2">
        {WIZARD_STEPS.map(({ step: n }) => {
          const done = n < step
          const active = n === step
          return (
            <li
              key={n}
              aria-current={active ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1.5 text-xs whitespace-nowrap sm:gap-2 sm:text-sm',
                n === 2 && 'justify-center',
                n === 3 && 'justify-end',
                active ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums',
                  active && 'border-primary bg-primary text-primary-foreground',
                  done && 'border-primary bg-primary-soft text-primary',
                  !active && !done && 'border-border bg-card',
                )}
              >
                {done ? <Check className="size-3.5" /> : n}
              </span>
              <span>
                <span className="sr-only">{n} </span>
                {label(n)}
                {done ? <span className="sr-only">{` ${t('creator.steps.done')}`}</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
