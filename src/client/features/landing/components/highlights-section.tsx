import { Layers, Leaf, NotebookPen, type LucideIcon } from 'lucide-react'
import { SECTION_IDS } from '#client/features/landing/section-ids.ts'
import { useMessages } from '#client/lib/i18n.ts'

interface Highlight {
  /** The catalog's ids: `<key>.title` and `<key>.text`. */
  key: string
  icon: LucideIcon
}

const highlights: Highlight[] = [
  { key: 'landing.highlights.guided', icon: Layers },
  { key: 'landing.highlights.journal', icon: NotebookPen },
  { key: 'landing.highlights.knowledge', icon: Leaf },
]

export function HighlightsSection() {
  const t = useMessages()
  return (
    <section
      id={SECTION_IDS.features}
      tabIndex={-1}
      aria-labelledby="features-title"
      className="below-fold scroll-mt-16 border-y border-border bg-card py-20 [--fold-estimate:80rem] outline-none sm:py-24 lg:[--fold-estimate:47rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('landing.highlights.eyebrow')}</p>
          <h2 id="features-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.highlights.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{t('landing.highlights.lead')}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {highlights.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-card border border-border bg-background p-6 sm:p-8">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{t(`${key}.title`)}</h3>
              <p className="mt-3 leading-relaxed text-muted-foreground">{t(`${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
