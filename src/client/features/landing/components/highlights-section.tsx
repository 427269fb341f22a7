import { Layers, Leaf, NotebookPen, type LucideIcon } from 'lucide-react'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'

interface Highlight {
  title: string
  icon: LucideIcon
  text: string
}

const highlights: Highlight[] = [
  {
    title: 'Guided blending',
    icon: Layers,
    text:
      'Begin with an oil you love, the effect you are after, a note type or a scent family. Accord suggests ' +
      'oils for each layer that suit the ones you already chose, and shows which families sit well together.',
  },
  {
    title: 'Smart journal',
    icon: NotebookPen,
    text:
      'Save every blend and each new version of it, log dated tests with notes and a star rating, and find ' +
      'any recipe again by its name or by an oil in it.',
  },
  {
    title: 'Oil knowledge',
    icon: Leaf,
    text:
      'Look up each oil’s botanical name, notes, scent profile and effects, read short guides on blending ' +
      'and testing, and scale any recipe to your batch in grams or ounces.',
  },
]

export function HighlightsSection() {
  return (
    <section
      id={SECTION_IDS.features}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="below-fold scroll-mt-16 border-y border-border bg-card py-20 [--fold-estimate:80rem] outline-none sm:py-24 lg:[--fold-estimate:47rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Features</p>
          <h2 id="features-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            From first idea to a recipe you can repeat
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Three tools that work together, so you spend your time smelling and adjusting rather than keeping notes on scraps of paper.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {highlights.map(({ title, icon: Icon, text }) => (
            <li key={title} className="rounded-card border border-border bg-background p-6 sm:p-8">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{title}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
