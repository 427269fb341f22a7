import { dispatchAppEvent, RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'
import { BookOpen, Calculator, Droplets, FlaskConical, Leaf, NotebookPen, type LucideIcon } from 'lucide-react'

export interface NavLinkItem {
  to: string
  label: string
  icon: LucideIcon
  /** Fired on click, e.g. the journal's reset (docs/product.md §2). */
  resetsJournal?: boolean
}

/** The signed-in header's links (docs/product.md §2), in order. */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/journal', label: 'Journal', icon: NotebookPen, resetsJournal: true },
  { to: '/glossary', label: 'Glossary', icon: Leaf },
  { to: '/guidelines', label: 'Guidelines', icon: BookOpen },
  { to: '/testing', label: 'Testing', icon: FlaskConical },
  { to: '/calculator', label: 'Calculator', icon: Calculator },
  { to: '/shelf', label: 'Shelf', icon: Droplets },
]

/** What following a link does beyond navigating: the journal's link resets its list. */
export function onNavigate(link: NavLinkItem) {
  if (link.resetsJournal) dispatchAppEvent(RESET_JOURNAL_STATE_EVENT)
}
