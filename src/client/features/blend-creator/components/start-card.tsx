import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

/** One of step 1's four ways in: an icon, a title, a line on what it does, and its control. */
export function StartCard({
  id,
  icon: Icon,
  title,
  description,
  active,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  description: string
  /** The way in whose value Start Your Blend will use. */
  active: boolean
  children: ReactNode
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-4 rounded-card border bg-card p-5 shadow-card transition-colors sm:p-6',
        active ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      <div className="flex items-start gap-4">
        <span
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
            active ? 'bg-primary text-primary-foreground' : 'bg-primary-soft text-primary',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </div>
  )
}
