import { Link } from 'react-router'
import { LOGO_MARK } from '#shared/config/logo.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** Accord's mark: a drop holding a sprig, the three notes of a blend as its leaves. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox={LOGO_MARK.viewBox} aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx={LOGO_MARK.cornerRadius} className="fill-primary" />
      <path d={LOGO_MARK.drop} className="fill-background" />
      <path d={LOGO_MARK.sprig} className="stroke-primary" strokeWidth={LOGO_MARK.sprigWidth} strokeLinecap="round" fill="none" />
    </svg>
  )
}

/** The mark with the wordmark; wrap it in a link to home where it should navigate. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="font-display text-xl font-semibold tracking-tight text-foreground">Accord</span>
    </span>
  )
}

const HOME_LOGO_CLASS = 'rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring'

/**
 * The logo as the link home, in every page's header. `painted`: the same box without the link, for
 * a page painted before its code runs (app/painted-pages.tsx), where nothing may take focus.
 */
export function HomeLogoLink({ className, painted = false }: { className?: string; painted?: boolean }) {
  const t = useMessages()
  if (painted) {
    return (
      <span className={cn(HOME_LOGO_CLASS, className)}>
        <Logo />
      </span>
    )
  }
  return (
    <Link to="/" aria-label={t('nav.home')} className={cn(HOME_LOGO_CLASS, className)}>
      <Logo />
    </Link>
  )
}

/** The first stop of the keyboard: a link past the header to the page's <main id="main">. */
export function SkipLink() {
  const t = useMessages()
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
    >
      {t('nav.skip')}
    </a>
  )
}
