import { dispatchAppEvent, RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'
import { BookOpen, Calculator, Droplets, FlaskConical, Leaf, NotebookPen, type LucideIcon } from 'lucide-react'

export interface NavLinkItem {
  to: string
  /** The link's words: a message catalog id (docs/product.md "Languages"). */
  labelId: string
  icon: LucideIcon
  /** Fired on click, e.g. the journal's reset (docs/product.md §2). */
  resetsJournal?: boolean
}

/** The signed-in header's links (docs/product.md §2), in order. */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: '/journal', labelId: 'nav.journal', icon: NotebookPen, resetsJournal: true },
  { to: '/glossary', labelId: 'nav.glossary', icon: Leaf },
  { to: '/guidelines', labelId: 'nav.guidelines', icon: BookOpen },
  { to: '/testing', labelId: 'nav.testing', icon: FlaskConical },
  { to: '/calculator', labelId: 'nav.calculator', icon: Calculator },
  { to: '/shelf', labelId: 'nav.shelf', icon: Droplets },
]

/** What following a link does beyond navigating: the journal's link resets its list. */
export function onNavigate(link: NavLinkItem) {
  if (link.resetsJournal) dispatchAppEvent(RESET_JOURNAL_STATE_EVENT)
}
