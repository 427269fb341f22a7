import { Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMeSummary } from '#client/lib/blend-queries.ts'
import { useStartNewBlend } from '#client/lib/use-start-new-blend.ts'
import { homeHeading } from '#shared/config/signed-in-pages.ts'
import { HomeCards } from '#client/features/home/components/home-cards.tsx'
import { ReadyToTest } from '#client/features/home/components/ready-to-test.tsx'
import { RecentBlends } from '#client/features/home/components/recent-blends.tsx'
import { LoadError } from '#client/components/load-error.tsx'

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
 * the user's blends, so the build paints it with placeholders the server fills in per request.
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
  const summary = useMeSummary()
  const count = summary.data?.blendCount ?? 0
  const heading = homeHeading(count)

  // Everything appears together once the count is known, so nothing on screen moves (CLS).
  if (summary.isPending) {
    return (
      <div className="flex min-h-64 flex-col items-center justify-center">
        <title>Home · Accord</title>
        <h1 className="sr-only">Home</h1>
        <Spinner label="Loading your blends" />
      </div>
    )
  }

  return (
    <div className={COLUMN}>
      <title>Home · Accord</title>
      <HomeHeading title={heading.title}>
        {summary.isError ? (
          <LoadError
            inline
            message="Your blends could not be loaded just now."
            error={summary.error}
            onRetry={() => void summary.refetch()}
          />
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
  const startNewBlend = useStartNewBlend()
  return (
    <section
      aria-labelledby="first-blend-title"
      className="flex flex-col items-start gap-5 rounded-card border border-primary/15 bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div>
        <h2 id="first-blend-title" className="font-display text-2xl font-semibold text-foreground">
          Ready to Start Blending?
        </h2>
        <p className="mt-2 max-w-xl text-muted-foreground">
          Pick a starting point and Accord suggests oils that sit well together, then saves the blend to your journal.
        </p>
      </div>
      <Button size="lg" onClick={startNewBlend}>
        <Sparkles aria-hidden="true" />
        Create Your First Blend
      </Button>
    </section>
  )
}
