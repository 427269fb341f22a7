import { ArrowRight, BookOpen, Calculator, FlaskConical, Leaf, NotebookPen, Sparkles, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { useMessages } from '#client/lib/i18n.ts'
import { dispatchAppEvent, NEW_BLEND_STATE, RESET_BLEND_DRAFT_EVENT, RESET_JOURNAL_STATE_EVENT } from '#client/lib/app-events.ts'

interface HomeCard {
  /** The catalogs' ids of the card's title and text. */
  title: string
  text: string
  to: string
  icon: LucideIcon
  /** Create New Blend starts from a fresh draft at step 1 (docs/product.md §2). */
  state?: object
  onClick?: () => void
}

const CARDS: HomeCard[] = [
  {
    title: 'home.card.newBlend.title',
    text: 'home.card.newBlend.text',
    to: '/blend',
    icon: Sparkles,
    state: NEW_BLEND_STATE,
    onClick: () => dispatchAppEvent(RESET_BLEND_DRAFT_EVENT),
  },
  {
    title: 'home.card.journal.title',
    text: 'home.card.journal.text',
    to: '/journal',
    icon: NotebookPen,
    onClick: () => dispatchAppEvent(RESET_JOURNAL_STATE_EVENT),
  },
  {
    title: 'home.card.calculator.title',
    text: 'home.card.calculator.text',
    to: '/calculator',
    icon: Calculator,
  },
  {
    title: 'home.card.glossary.title',
    text: 'home.card.glossary.text',
    to: '/glossary',
    icon: Leaf,
  },
  {
    title: 'home.card.guidelines.title',
    text: 'home.card.guidelines.text',
    to: '/guidelines',
    icon: BookOpen,
  },
  {
    title: 'home.card.testing.title',
    text: 'home.card.testing.text',
    to: '/testing',
    icon: FlaskConical,
  },
]

/** Home's six cards, each a link to its page (docs/product.md §2 "Home"). */
export function HomeCards() {
  const t = useMessages()
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {CARDS.map(({ title, text, to, icon: Icon, state, onClick }) => (
        <li key={title}>
          <Link
            to={to}
            state={state}
            onClick={onClick}
            className="group flex h-full flex-col rounded-card border border-border bg-card p-6 shadow-card transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h2 className="mt-4 flex items-center gap-2 text-lg font-semibold text-foreground">
              {t(title)}
              <ArrowRight
                aria-hidden="true"
                className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary motion-reduce:transition-none"
              />
            </h2>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{t(text)}</p>
          </Link>
        </li>
      ))}
    </ul>
  )
}
