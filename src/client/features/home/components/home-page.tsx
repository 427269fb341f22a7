import { Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMeSummary } from '#client/lib/blend-queries.ts'
import { useStartNewBlend } from '#client/lib/use-start-new-blend.ts'
import { HomeCards } from '#client/features/home/components/home-cards.tsx'
import { ReadyToTest } from '#client/features/home/components/ready-to-test.tsx'
import { RecentBlends } from '#client/features/home/components/recent-blends.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/home/home-catalog.ts'

const headingClass = 'font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl'
const COLUMN = 'flex flex-col gap-8 sm:gap-10'

/** The welcome: the heading that counts the blends, and below it the introduction (or what went wrong). */
function HomeHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-20 flex-col justify-center gap-2">
      <h1 className={headingClass}>{title}</h1>
      {children}
    </div>
  )
}

function HomeIntro({ children }: { children: ReactNode }) {
  return <p className="max-w-2xl text-muted-foreground">{children}</p>
}

/**
 * Home's top as the server paints it before the code runs (app/painted-pages.tsx). The words count
 * the user's blends, so the build paints it with placeholders the server fills in per request, in
 * the page's language, with the catalog's words the build gives it (decision 102).
 */
export function PaintedHomeTop({ title, intro }: { title: string; intro: string }) {
  return (
    <div className={COLUMN}>
      <HomeHeading title={title}>
        <HomeIntro>{intro}</HomeIntro>
      </HomeHeading>
    </div>
  )
}

/**
 * Home (/): a welcome that counts the user's blends, a first-blend panel when there are none, the
 * blends ready to test, the newest blends, six cards. Two small requests (GET /api/me/summary and
 * GET /api/me/ready), whatever the collection's size.
 */
export function HomePage() {
  const t = useMessages()
  const summary = useMeSummary()
  const count = summary.data?.blendCount ?? 0
  // The same catalog words the build gives the server to paint (homeHeading, decision 102).
  const heading =
    count > 0
      ? { title: t('home.heading.backTitle', { count }), intro: t('home.heading.backIntro') }
      : { title: t('home.heading.firstTitle'), intro: t('home.heading.firstIntro') }

  // Everything appears together once the count is known, so nothing on screen moves (CLS).
  if (summary.isPending) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center">
        <title>{t('home.page.documentTitle')}</title>
        <h1 className="sr-only">{t('home.page.title')}</h1>
        <Spinner label={t('home.page.loading')} />
      </div>
    )
  }

  return (
    <div className={COLUMN}>
      <title>{t('home.page.documentTitle')}</title>
      <HomeHeading title={heading.title}>
        {summary.isError ? (
          <LoadError inline message={t('home.page.loadFailed')} error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <HomeIntro>{heading.intro}</HomeIntro>
        )}
      </HomeHeading>
      {summary.isSuccess && count === 0 ? <FirstBlendPanel /> : null}
      {summary.isSuccess && count > 0 ? <ReadyToTest /> : null}
      {summary.data && summary.data.recent.length > 0 ? <RecentBlends summary={summary.data} /> : null}
      <HomeCards />
    </div>
  )
}

function FirstBlendPanel() {
  const t = useMessages()
  const startNewBlend = useStartNewBlend()
  return (
    <section
      aria-labelledby="first-blend-title"
      className="flex flex-col items-start gap-5 rounded-card border border-primary/15 bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div>
        <h2 id="first-blend-title" className="font-display text-2xl font-semibold text-foreground">
          {t('home.first.title')}
        </h2>
        <p className="mt-2 max-w-xl text-muted-foreground">{t('home.first.text')}</p>
      </div>
      <Button size="lg" onClick={startNewBlend}>
        <Sparkles aria-hidden="true" />
        {t('home.first.start')}
      </Button>
    </section>
  )
}
