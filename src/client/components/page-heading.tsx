import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

/** A signed-in page's one h1 with an optional lead paragraph; it also sets the document title. */
export function PageHeading({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <title>{`${title} · Accord`}</title>
      <h1 className="font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">{title}</h1>
      {children ? <p className="max-w-2xl text-muted-foreground">{children}</p> : null}
    </div>
  )
}
