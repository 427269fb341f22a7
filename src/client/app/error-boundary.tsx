import { Component, type ReactNode } from 'react'
import { i18n } from '@lingui/core'
import { loadPage } from '#client/lib/load-page.ts'

/**
 * What the app shows instead of a blank page when rendering fails: a render error, or a page's
 * code that cannot be fetched (a rejected lazy import: after a deploy the old chunk names are
 * gone). Either way a full reload recovers (new code, fresh state), so the screen offers it.
 *
 * Around every route (router.tsx), and around the signed-in shell's page, keyed by the path so the
 * next page gets its chance while the header stays (app-shell.tsx). It is in the entry chunk, since
 * it must show when no other chunk can load: plain markup, no Button or icons, so it weighs next to
 * nothing on the landing page's 100 kB budget (tests/e2e/bundle-budget.spec.ts).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="grid min-h-dvh place-content-center justify-items-center gap-4 p-6 text-center">
        <h1 className="font-display text-3xl font-semibold">{i18n._('error.title')}</h1>
        <p className="text-muted-foreground">{i18n._('error.text')}</p>
        <button
          type="button"
          onClick={() => loadPage(window.location.href)}
          className="rounded-lg bg-primary px-6 py-3 font-medium text-primary-foreground"
        >
          {i18n._('error.reload')}
        </button>
      </div>
    )
  }
}
