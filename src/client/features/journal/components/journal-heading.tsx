import type { ReactNode } from 'react'

/**
 * The journal's h1 for each mode. It takes focus when the mode changes (journal-page.tsx), so a
 * keyboard or screen reader user lands at the top of what just appeared.
 */
export function JournalHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <title>{`${title} · Accord`}</title>
      <h1
        tabIndex={-1}
        data-journal-heading=""
        className="font-display text-3xl font-semibold tracking-tight break-words text-foreground outline-none sm:text-4xl"
      >
        {title}
      </h1>
      {children ? <div className="max-w-2xl text-muted-foreground">{children}</div> : null}
    </div>
  )
}
