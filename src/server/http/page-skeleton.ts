import { escapeHtml } from '#shared/text/html.ts'
import { LOGO_MARK } from '#shared/config/logo.ts'
import { homeHeading, SIGNED_IN_PAGE_HEADINGS } from '#shared/config/signed-in-pages.ts'
import { WIZARD_STEPS } from '#shared/domain/wizard.ts'

/** The header's logo (client/components/logo.tsx), as markup. */
const LOGO =
  '<span class="inline-flex items-center gap-2.5">' +
  `<svg viewBox="${LOGO_MARK.viewBox}" aria-hidden="true" focusable="false" class="size-8 shrink-0">` +
  `<rect width="32" height="32" rx="${LOGO_MARK.cornerRadius}" class="fill-primary"></rect>` +
  `<path d="${LOGO_MARK.drop}" class="fill-background"></path>` +
  `<path d="${LOGO_MARK.sprig}" class="stroke-primary" stroke-width="${LOGO_MARK.sprigWidth}" stroke-linecap="round" fill="none"></path>` +
  '</svg><span class="font-display text-xl font-semibold tracking-tight text-foreground">Accord</span></span>'

/** The blend creator's progress at step 1 (blend-creator/components/wizard-progress.tsx), as markup. */
const WIZARD_PROGRESS =
  '<div class="flex flex-col gap-3">' +
  `<div class="flex items-baseline justify-between text-sm"><p class="font-medium text-foreground">Step <span class="tabular-nums">1 / 3</span></p><p class="text-muted-foreground">${WIZARD_STEPS[0].label}</p></div>` +
  '<div class="h-2 overflow-hidden rounded-full bg-muted"><div class="h-full w-1/3 rounded-full bg-primary"></div></div>' +
  '<ol class="grid grid-cols-3 gap-2">' +
  WIZARD_STEPS.map(({ step, label }) => {
    const item = step === 1 ? 'font-semibold text-foreground' : `${step === 2 ? 'justify-center' : 'justify-end'} text-muted-foreground`
    const badge = step === 1 ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card'
    return `<li class="flex items-center gap-1.5 text-xs whitespace-nowrap sm:gap-2 sm:text-sm ${item}"><span class="inline-flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums ${badge}">${step}</span><span>${label}</span></li>`
  }).join('') +
  '</ol></div>'

/** What comes above the heading, on the pages that have something there. */
const ABOVE_HEADING: Record<string, string> = { '/blend': WIZARD_PROGRESS }

/**
 * What a signed-in page looks like before its code has run, for the pages that open with the same
 * words for everyone: the header's bar with the logo, and the page's top (the creator's progress,
 * the heading and the introduction), in the classes the app renders them with. It goes inside
 * #root, so the app's first render replaces it; it is hidden from assistive technology, which gets
 * the real page a moment later. Null for pages without one (their top depends on the data).
 */
export function pageSkeleton(pathname: string): string | null {
  const heading = SIGNED_IN_PAGE_HEADINGS[pathname]
  return heading ? skeleton(ABOVE_HEADING[pathname] ?? '', heading, 'flex flex-col gap-2') : null
}

/**
 * Home's top for a user with this many blends (features/home/components/home-page.tsx): its
 * heading counts the collection, so the server paints it per request, with the count it read for
 * the session's user.
 */
export function homeSkeleton(blendCount: number): string {
  return skeleton('', homeHeading(blendCount), 'flex min-h-20 flex-col justify-center gap-2')
}

function skeleton(above: string, heading: { title: string; intro: string }, headingBlock: string): string {
  return (
    '<div aria-hidden="true" data-skeleton="" class="flex min-h-dvh flex-col">' +
    '<header class="sticky top-0 z-40 border-b border-border/80 bg-background/95"><div class="page-container flex h-16 items-center">' +
    // Wrapped as the header's link home wraps it (app/app-header.tsx), so it sits at the same height.
    '<span class="mr-auto shrink-0 rounded-lg lg:mr-4">' +
    LOGO +
    '</span>' +
    '</div></header>' +
    '<main class="page-container min-h-dvh flex-1 py-8 sm:py-10"><div class="flex flex-col gap-8 sm:gap-10">' +
    above +
    `<div class="${headingBlock}">` +
    `<h1 class="font-display text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">${escapeHtml(heading.title)}</h1>` +
    `<p class="max-w-2xl text-muted-foreground">${escapeHtml(heading.intro)}</p>` +
    '</div></div></main></div>'
  )
}
