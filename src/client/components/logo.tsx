import { Link } from 'react-router'
import { cn } from '#client/lib/cn.ts'

/** Accord's mark: a drop holding a sprig, the three notes of a blend as its leaves. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <path
        d="M16 6c-4.5 3.6-6.8 7.4-6.8 11.2A6.8 6.8 0 0 0 16 24a6.8 6.8 0 0 0 6.8-6.8C22.8 13.4 20.5 9.6 16 6Z"
        className="fill-background"
      />
      <path
        d="M16 11.5v15M16 17.5l3-2.6M16 21l-3-2.6"
        className="stroke-primary"
        strokeWidth="1.7"
        strokeLinecap="round"
        fill="none"
      />
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

/** The logo as the link home, in every page's header. */
export function HomeLogoLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      aria-label="Accord home"
      className={cn('rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring', className)}
    >
      <Logo />
    </Link>
  )
}

/** The first stop of the keyboard: a link past the header to the page's <main id="main">. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  )
}
