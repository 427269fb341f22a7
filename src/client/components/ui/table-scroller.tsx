import type { ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'

/**
 * A table's horizontal scroller. Where a language's longer words make a table wider than a phone,
 * the table scrolls inside it; a keyboard reaches it (a named group in the tab order) and scrolls
 * it with the arrow keys, as axe's scrollable-region-focusable rule asks (issue 37). A group, not a
 * region: a landmark would repeat the name of the section the table sits in.
 */
export function TableScroller({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} tabIndex={0} className={cn('overflow-x-auto', className)}>
      {children}
    </div>
  )
}
