import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import type { MeSummary } from '#shared/api/me.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { oilName } from '#client/lib/oil-words.ts'
import '#client/features/home/home-catalog.ts'

/** A blend's oils in one line, top to base, in the maker's language. */
const oilList = (oils: MeSummary['recent'][number]['oils']) => [...oils.top, ...oils.middle, ...oils.base].map(oilName).join(' · ')

/** The newest blends, each a link to its details in the journal, and how many of all are tested. */
export function RecentBlends({ summary }: { summary: MeSummary }) {
  const t = useMessages()
  return (
    <section aria-labelledby="recent-blends-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="recent-blends-title" className="text-lg font-semibold text-foreground">
          {t('home.recent.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {`${t('home.recent.tested', { tested: summary.testedCount, total: summary.blendCount })} · `}
          <Link to="/journal" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('home.recent.all')}
          </Link>
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-border overflow-hidden rounded-card border border-border bg-card shadow-card">
        {summary.recent.map((blend) => (
          <li key={blend.id}>
            <Link
              to={`/journal?blend=${blend.id}`}
              className="group flex items-center gap-3 px-4 py-3 transition-colors hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
            >
              <span className="w-14 shrink-0 font-mono text-xs text-muted-foreground">{blend.referenceNumber}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-foreground" title={blend.name}>
                  {blend.name}
                </span>
                {/* Cut to one line on a phone: the whole list in its title. */}
                <span className="block truncate text-sm text-muted-foreground" title={oilList(blend.oils)}>
                  {oilList(blend.oils)}
                </span>
              </span>
              {blend.tested ? (
                <Badge colors="bg-primary-soft text-primary border-transparent">{t('home.recent.tests', { count: blend.testCount })}</Badge>
              ) : (
                <Badge colors="bg-accent-soft text-accent border-transparent">{t('home.recent.untested')}</Badge>
              )}
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground group-hover:text-primary" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
