import { ArrowRight, BookA, Calculator, Filter, NotebookPen, Palette, Route, type LucideIcon } from 'lucide-react'
import { StartSignupButton } from '#client/features/landing/components/start-signup-button.tsx'

interface Walkthrough {
  title: string
  icon: LucideIcon
  text: string
  points: string[]
}

// docs/product.md §1: the features the landing page explains.
const WALKTHROUGHS: Walkthrough[] = [
  {
    title: 'Four ways to start a blend',
    icon: Route,
    text: 'Start from what you know. The blend creator walks you through top, middle and base notes in three steps.',
    points: ['Begin with a favorite oil', 'Or a desired effect, such as relaxing or uplifting', 'Or a note type or a scent family'],
  },
  {
    title: 'Scent-family compatibility hints',
    icon: Palette,
    text: 'As you pick, Accord shows which scent families sit well with the oils already in your blend.',
    points: ['Citrus, floral, woody, herbal and more', 'Hints for every layer you fill', 'Fewer wasted drops on pairings that clash'],
  },
  {
    title: 'Oil pairing with filters',
    icon: Filter,
    text: 'Narrow the catalog to the oils that suit your blend, then see what each one pairs well with.',
    points: ['Filter by effect, note type and scent family', 'Search by common or botanical name', 'Known good pairings for every oil'],
  },
  {
    title: 'A project calculator for any batch',
    icon: Calculator,
    text: 'Turn a saved blend into exact amounts for the batch you are making, from a test vial to a full soap run.',
    points: ['Any batch size, in grams or ounces', 'Ratios kept exactly as you designed them', 'Works on every saved version'],
  },
  {
    title: 'A journal you can search and tag',
    icon: NotebookPen,
    text: 'Every blend, version and dated test in one place, so the recipe that worked is the one you can repeat.',
    points: ['Search by blend name or by ingredient', 'Tag blends by testing status', 'Notes and a 1–5 star rating for each test'],
  },
  {
    title: 'An oil glossary at hand',
    icon: BookA,
    text: 'Look up any oil while you blend: its botanical name, notes, scent profile and effects.',
    points: ['Botanical names and scent families', 'Effects and typical notes', 'Blending guidelines and a testing guide'],
  },
]

export function FeatureWalkthroughs() {
  return (
    <section
      aria-labelledby="walkthroughs-title"
      className="below-fold border-t border-border bg-card py-20 [--fold-estimate:190rem] sm:py-24 lg:[--fold-estimate:95rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">How it works</p>
          <h2 id="walkthroughs-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            Everything you need to blend with confidence
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {WALKTHROUGHS.map(({ title, icon: Icon, text, points }) => (
            <li key={title} className="flex flex-col rounded-card border border-border bg-background p-6 sm:p-8">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{title}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1.5 pl-5 text-muted-foreground marker:text-primary">
                {points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              <StartSignupButton variant="outline" className="mt-6 self-start">
                Start Free Beta
                <ArrowRight aria-hidden="true" />
              </StartSignupButton>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
