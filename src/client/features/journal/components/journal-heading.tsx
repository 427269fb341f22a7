import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * The journal's h1 for each mode. It takes focus when the mode changes (journal-page.tsx), so a
 * keyboard or screen reader user lands at the top of what just appeared. `painted`: as the server
 * paints it before the code runs (app/painted-pages.tsx), without the document title or focus.
 */
export function JournalHeading({ title, children, painted = false }: { title: string; children?: ReactNode; painted?: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      {painted ? null : <title>{`${title} · Accord`}</title>}
      <h1
        {...(painted ? {} : { tabIndex: -1, 'data-journal-heading': '' })}
        className="font-display text-3xl font-semibold tracking-tight break-words text-foreground outline-none sm:text-4xl"
      >
        {title}
      </h1>
      {children ? <div className="max-w-2xl text-muted-foreground">{children}</div> : null}
    </div>
  )
}

/** The way back from a blend's details to the list. */
export function BackToJournal({ onClick }: { onClick: () => void }) {
  const t = useMessages()
  return (
    <div className="print:hidden">
      <Button variant="ghost" size="sm" onClick={onClick} className="-ml-3">
        <ArrowLeft aria-hidden="true" />
        {t('journal.page.backToJournal')}
      </Button>
    </div>
  )
}
