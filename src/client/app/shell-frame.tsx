import type { ComponentProps } from 'react'

/**
 * The signed-in shell's frame (app-shell.tsx): a column at least a screen tall, with the page in
 * its <main>. A painted page (painted-pages.tsx) is drawn in the same frame before the code runs.
 */
export function ShellFrame(props: Omit<ComponentProps<'div'>, 'className'>) {
  return <div {...props} className="flex min-h-dvh flex-col" />
}

/**
 * The page's <main>: at least a screen tall, so the footer starts below the fold and never jumps
 * as pages load. The app's takes focus from the skip link; a painted one (`painted`) takes none.
 */
export function ShellMain({ painted = false, children }: { painted?: boolean; children?: ComponentProps<'main'>['children'] }) {
  return (
    <main {...(painted ? {} : { id: 'main', tabIndex: -1 })} className="page-container min-h-dvh flex-1 py-8 outline-none sm:py-10">
      {children}
    </main>
  )
}
