import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { HOME_HEADING_SLOTS, PAINTED_PAGES } from '#shared/config/signed-in-pages.ts'
import { AppHeaderBar } from '#client/app/app-header.tsx'
import { ShellFrame, ShellMain } from '#client/app/shell-frame.tsx'
import { PaintedCreatorTop } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { PaintedHomeTop } from '#client/features/home/components/home-page.tsx'
import { JournalListHeading } from '#client/features/journal/components/blend-list.tsx'

/** Each painted page's top, drawn by the page's own components (Home's words are placeholders). */
const TOPS: Record<(typeof PAINTED_PAGES)[number], () => ReactNode> = {
  '/': () => <PaintedHomeTop title={HOME_HEADING_SLOTS.title} intro={HOME_HEADING_SLOTS.intro} />,
  '/journal': () => <JournalListHeading painted />,
  '/blend': () => <PaintedCreatorTop />,
}

/**
 * What a signed-in page looks like before its code has run (decisions 034 and 035): the shell's
 * frame, the header's bar with the logo, and the page's top, drawn by the same components the app
 * renders them with, so the swap to the app's first render moves nothing. It goes inside #root,
 * where the app's first render replaces it; it is hidden from assistive technology, which gets
 * the real page a moment later, and nothing in it is a link or takes focus.
 */
export function PaintedPage({ children }: { children: ReactNode }) {
  return (
    <ShellFrame aria-hidden="true" data-skeleton="">
      <AppHeaderBar painted />
      <ShellMain painted>{children}</ShellMain>
    </ShellFrame>
  )
}

/** Every painted page's markup for inside #root, by path: the build writes it into the page's template. */
export function paintedPageMarkup(): Record<string, string> {
  return Object.fromEntries(
    PAINTED_PAGES.map((pathname) => [pathname, renderToStaticMarkup(<PaintedPage>{TOPS[pathname]()}</PaintedPage>)]),
  )
}
