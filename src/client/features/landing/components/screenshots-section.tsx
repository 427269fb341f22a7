import { Calculator, NotebookPen, Search, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * "Screenshots": faithful, lightweight HTML drawings of three screens (nothing to download, nothing
 * to break). Each is one image to assistive technology, described by its label.
 */
export function ScreenshotsSection() {
  return (
    <section aria-labelledby="screens-title" className="py-20 sm:py-24">
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">A look inside</p>
          <h2 id="screens-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            See Accord at work
          </h2>
        </div>
        <ul className="mt-12 grid gap-8 lg:grid-cols-3">
          <Screen title="Blend creator" caption="Pick how you want to start: four ways into a new blend." label="The blend creator's first step, offering four ways to start: favorite oil, desired effect, note type and scent family.">
            <WizardScreen />
          </Screen>
          <Screen title="Journal" caption="Every blend and version, searchable and tagged by testing status." label="The journal: a search box and three saved blends, tagged Tested, Testing and Untested, with star ratings.">
            <JournalScreen />
          </Screen>
          <Screen title="Calculator" caption="Scale a saved recipe to your batch in grams or ounces." label="The calculator scaling a blend to a 100 gram batch: bergamot 30 g, lavender 50 g, cedarwood 20 g.">
            <CalculatorScreen />
          </Screen>
        </ul>
      </div>
    </section>
  )
}

function Screen({ title, caption, label, children }: { title: string; caption: string; label: string; children: ReactNode }) {
  return (
    <li>
      <figure>
        <div role="img" aria-label={label} className="overflow-hidden rounded-card border border-border bg-card shadow-card">
          <div className="flex items-center gap-1.5 border-b border-border bg-muted px-4 py-2.5">
            <span className="size-2.5 rounded-full bg-[#e5a39a]" />
            <span className="size-2.5 rounded-full bg-[#e8cf8f]" />
            <span className="size-2.5 rounded-full bg-[#9fcca8]" />
            <span className="ml-3 text-xs text-muted-foreground">Accord · {title}</span>
          </div>
          <div className="h-64 p-5 text-sm">{children}</div>
        </div>
        <figcaption className="mt-4">
          <span className="font-semibold text-foreground">{title}.</span> <span className="text-muted-foreground">{caption}</span>
        </figcaption>
      </figure>
    </li>
  )
}

function WizardScreen() {
  const starts = ['Favorite oil', 'Desired effect', 'Note type', 'Scent family']
  return (
    <div>
      <div className="flex gap-1.5">
        <span className="h-1.5 flex-1 rounded-full bg-primary" />
        <span className="h-1.5 flex-1 rounded-full bg-border" />
        <span className="h-1.5 flex-1 rounded-full bg-border" />
      </div>
      <p className="mt-4 font-semibold text-foreground">How would you like to start?</p>
      <div className="mt-3 grid grid-cols-2 gap-2.5">
        {starts.map((s, i) => (
          <div key={s} className={i === 0 ? 'rounded-lg border-2 border-primary bg-primary-soft p-3' : 'rounded-lg border border-border p-3'}>
            <Sparkles className="size-4 text-primary" />
            <p className="mt-2 text-xs font-medium text-foreground">{s}</p>
          </div>
        ))}
      </div>
    </div>
  )
}

function JournalScreen() {
  const rows = [
    { name: 'Morning Citrus', tag: 'Tested', stars: 5, tone: 'bg-primary-soft text-primary' },
    { name: 'Forest Calm · v B', tag: 'Testing', stars: 4, tone: 'bg-accent-soft text-[#7a4510]' },
    { name: 'Lavender Dusk', tag: 'Untested', stars: 0, tone: 'bg-muted text-muted-foreground' },
  ]
  return (
    <div>
      <div className="flex items-center gap-2 rounded-lg border border-input px-3 py-2 text-muted-foreground">
        <Search className="size-4" />
        <span className="text-xs">Search by name or oil…</span>
      </div>
      <ul className="mt-3 space-y-2.5">
        {rows.map((r) => (
          <li key={r.name} className="flex items-center justify-between rounded-lg border border-border p-3">
            <span className="flex items-center gap-2">
              <NotebookPen className="size-4 text-primary" />
              <span className="text-xs font-medium text-foreground">{r.name}</span>
            </span>
            <span className="flex items-center gap-2">
              <span className="text-xs text-accent">{'★'.repeat(r.stars)}</span>
              <span className={`rounded-full px-2 py-0.5 text-[11px] font-medium ${r.tone}`}>{r.tag}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function CalculatorScreen() {
  const oils = [
    { name: 'Bergamot', grams: 30, width: 'w-[30%]' },
    { name: 'Lavender', grams: 50, width: 'w-[50%]' },
    { name: 'Cedarwood', grams: 20, width: 'w-[20%]' },
  ]
  return (
    <div>
      <div className="flex items-center gap-2">
        <Calculator className="size-4 text-primary" />
        <span className="font-semibold text-foreground">Batch size</span>
      </div>
      <div className="mt-3 flex gap-2">
        <span className="flex-1 rounded-lg border border-input px-3 py-2 text-xs text-foreground">100</span>
        <span className="rounded-lg bg-primary px-3 py-2 text-xs font-medium text-primary-foreground">g</span>
        <span className="rounded-lg border border-border px-3 py-2 text-xs text-muted-foreground">oz</span>
      </div>
      <ul className="mt-4 space-y-3">
        {oils.map((o) => (
          <li key={o.name}>
            <div className="flex justify-between text-xs">
              <span className="text-foreground">{o.name}</span>
              <span className="font-medium text-foreground">{o.grams} g</span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-muted">
              <div className={`h-1.5 rounded-full bg-primary ${o.width}`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
