import { FlaskConical } from 'lucide-react'
import { Link } from 'react-router'
import type { ReadyItem } from '#shared/api/reminders.ts'
import { formatCalendarDate } from '#shared/domain/calendar-date.ts'
import { addTestPath } from '#shared/domain/add-test-link.ts'
import { buttonClass } from '#client/components/ui/button.tsx'
import { useReadyList } from '#client/features/home/api/get-ready-list.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import '#client/features/home/home-catalog.ts'

/** A made day ('YYYY-MM-DD') as "20 Nov" in English (formatCalendarDate), in the language shown otherwise. */
function madeDay(date: string, withYear: boolean): string {
  const language = currentLanguage()
  if (language === 'en') return formatCalendarDate(date, { withYear })
  const [y, m, d] = date.split('-').map(Number)
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(Date.UTC(y!, (m ?? 1) - 1, d ?? 1))
}

/**
 * "Ready to test" (docs/product.md): the blends and batches whose maturation has ended and that
 * have no test since, oldest first, each with one tap to its add-test form, open on that batch and
 * its made day (decision 052). Shown only when
 * something is ready: Home stays as it was otherwise, and while it loads nothing moves.
 */
export function ReadyToTest() {
  const t = useMessages()
  const ready = useReadyList()
  if (!ready.data || ready.data.count === 0) return null
  const { items, count } = ready.data
  const more = count - items.length
  return (
    <section aria-labelledby="ready-to-test-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="ready-to-test-title" className="text-lg font-semibold text-foreground">
          {t('home.ready.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('home.ready.count', { count })}</p>
      </div>
      <ul className="flex flex-col divide-y divide-border overflow-hidden rounded-card border border-border bg-card shadow-card">
        {items.map((item) => (
          <ReadyRow key={`${item.versionId}-${item.batchId ?? 'v'}`} item={item} />
        ))}
      </ul>
      {more > 0 ? <p className="text-sm text-muted-foreground">{t('home.ready.more', { more })}</p> : null}
    </section>
  )
}

function ReadyRow({ item }: { item: ReadyItem }) {
  const t = useMessages()
  const made = madeDay(item.madeOn, item.madeOn.slice(0, 4) !== String(new Date().getFullYear()))
  const what = item.batchId !== null ? t('home.ready.batchMade', { date: made }) : t('home.ready.made', { date: made })
  const titleId = `ready-${item.versionId}-${item.batchId ?? 'v'}`
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-5">
      <FlaskConical aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <span className="w-14 shrink-0 font-mono text-xs text-muted-foreground">{item.referenceNumber}</span>
      <span className="min-w-0 flex-1">
        <span id={titleId} className="block truncate font-medium text-foreground">
          {item.blendName}
        </span>
        <span className="block truncate text-sm text-muted-foreground">{what}</span>
      </span>
      <Link
        to={addTestPath(item.projectId, item.versionId, { batchId: item.batchId, madeOn: item.madeOn })}
        aria-describedby={titleId}
        className={buttonClass({ variant: 'outline', size: 'sm', className: 'w-full shrink-0 sm:w-auto' })}
      >
        {t('home.ready.addTest')}
      </Link>
    </li>
  )
}
