import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { AlertCircle } from 'lucide-react'
import { isTotalValid } from '#shared/domain/percentages.ts'
import { cn } from '#client/lib/cn.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** Room kept between the focused field and the bar. */
const FOCUS_MARGIN = 12

/**
 * How far to scroll down so a field ends `margin` above `visibleBottom` (the bar's top, or the
 * on-screen keyboard's edge if higher): 0 when it already does. Never so far that the field's top
 * leaves the screen.
 */
export function scrollToClear(field: { top: number; bottom: number }, visibleBottom: number, margin = FOCUS_MARGIN): number {
  const overlap = field.bottom + margin - visibleBottom
  if (overlap <= 0) return 0
  return Math.max(0, Math.min(overlap, field.top - margin))
}

/**
 * The bar sticks to the bottom of the screen: whatever field of the editor gets focus (by click,
 * Tab, or the phone's keyboard opening under it) is scrolled up until the bar no longer covers it.
 */
function useKeepFocusAboveBar(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const editor = bar.current?.parentElement
    if (!editor) return
    const reveal = () => {
      const field = document.activeElement
      if (!bar.current || !(field instanceof HTMLElement) || !editor.contains(field) || bar.current.contains(field)) return
      const viewport = window.visualViewport
      const screenBottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight
      const visibleBottom = Math.min(bar.current.getBoundingClientRect().top, screenBottom)
      const delta = scrollToClear(field.getBoundingClientRect(), visibleBottom)
      if (delta > 0) window.scrollBy({ top: delta, behavior: 'instant' })
    }
    editor.addEventListener('focusin', reveal)
    window.visualViewport?.addEventListener('resize', reveal)
    return () => {
      editor.removeEventListener('focusin', reveal)
      window.visualViewport?.removeEventListener('resize', reveal)
    }
  }, [bar])
}

/**
 * The editor's bar, kept in view at the bottom: the total, 'Should total 100%' when it is off
 * (docs/product.md §5), a note when a layer is empty, and the save buttons passed as children. It
 * never covers the field being edited.
 */
export function EditorSaveBar({ total, emptyLayer, children }: { total: number; emptyLayer: boolean; children: ReactNode }) {
  const t = useMessages()
  const totalValid = isTotalValid(total)
  const ref = useRef<HTMLDivElement>(null)
  useKeepFocusAboveBar(ref)
  return (
    <div
      ref={ref}
      className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-border bg-background/95 px-4 py-3 backdrop-blur-md sm:bottom-4 sm:mx-0 sm:rounded-card sm:border sm:px-5 md:flex-row md:items-center"
    >
      <div role="status" className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm text-muted-foreground">{t('journal.editor.total')}</span>
        <span className={cn('font-display text-2xl font-semibold tabular-nums', totalValid ? 'text-foreground' : 'text-destructive')}>
          {shownPercent(total)}
        </span>
        {!totalValid ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-destructive">
            <AlertCircle aria-hidden="true" className="size-4" />
            {t('journal.editor.shouldTotal')}
          </span>
        ) : emptyLayer ? (
          <span className="text-sm font-medium text-destructive">{t('journal.editor.emptyLayer')}</span>
        ) : null}
      </div>
      {children}
    </div>
  )
}
