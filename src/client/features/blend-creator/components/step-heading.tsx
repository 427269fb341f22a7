import { useEffect, useRef, type ReactNode } from 'react'

/** Every wizard view's h1 has this id: the page moves focus to it when the view changes. */
export const WIZARD_HEADING_ID = 'wizard-heading'

let focusWhenShown = false

/** Moves focus to the view's heading, or to the next one shown when the view is still loading. */
export function focusWizardHeading(): void {
  const heading = document.getElementById(WIZARD_HEADING_ID)
  focusWhenShown = heading === null
  heading?.focus({ preventScroll: true })
}

/**
 * A wizard view's one h1 (it also names the document), with an optional lead and actions beside it.
 * `painted`: as the server paints it before the code runs (app/painted-pages.tsx), without the
 * document title, the id or focus.
 */
export function StepHeading({
  title,
  children,
  actions,
  painted = false,
}: {
  title: string
  children?: ReactNode
  actions?: ReactNode
  painted?: boolean
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (!focusWhenShown) return
    focusWhenShown = false
    ref.current?.focus({ preventScroll: true })
  }, [])
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-2">
        {painted ? null : <title>{`${title} · Accord`}</title>}
        <h1
          ref={ref}
          {...(painted ? {} : { id: WIZARD_HEADING_ID, tabIndex: -1 })}
          className="font-display text-3xl font-semibold tracking-tight text-foreground outline-none sm:text-4xl"
        >
          {title}
        </h1>
        {children ? <p className="max-w-2xl text-muted-foreground">{children}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}
