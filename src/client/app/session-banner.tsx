import { RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useSessionCheck } from '#client/app/use-session-check.ts'

/** docs/product.md §2 session banner (amber): shown when the signed-in user's session has ended. */
export function SessionBanner() {
  const { expired, refreshing, refresh } = useSessionCheck()
  const t = useMessages()
  return (
    // The live region stays mounted so the banner's arrival is announced.
    <div role="alert" aria-live="assertive">
      {expired ? (
        <div className="border-b border-amber-300 bg-amber-50 text-amber-950">
          <div className="page-container flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
            <div className="flex items-start gap-3">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <div>
                <h2 className="font-semibold">{t('session.title')}</h2>
                <p className="mt-1 text-sm text-amber-900">{t('session.text')}</p>
              </div>
            </div>
            <Button size="sm" variant="warning" className="self-start sm:self-center" disabled={refreshing} onClick={() => void refresh()}>
              <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin motion-reduce:animate-none')} />
              {refreshing ? t('session.refreshing') : t('session.refresh')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
