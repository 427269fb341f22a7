import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import type { MakeCompliantProps } from '#client/features/calculator/components/make-compliant/make-compliant-panel.tsx'

// The proposal and the comparison it is shown in load when the maker asks for them.
const LazyPanel = lazy(() =>
  import('#client/features/calculator/components/make-compliant/make-compliant-panel.tsx').then((m) => ({
    default: m.MakeCompliantPanel,
  })),
)

/**
 * Under an over-limit warning: "Make it compliant" (docs/product.md "Make it compliant"). The
 * button is all the calculator carries; the panel is a chunk of its own.
 */
export function MakeCompliantSlot(props: Omit<MakeCompliantProps, 'onClose'>) {
  const t = useMessages()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Button ref={buttonRef} variant="outline" onClick={() => setOpen(true)}>
          {t('calculator.compliant.button')}
        </Button>
        <span className="text-sm text-muted-foreground">{t('calculator.compliant.buttonHint')}</span>
      </div>
    )
  }
  return (
    <div className="print:hidden">
      <Suspense fallback={<Spinner label={t('calculator.compliant.loading')} />}>
        <LazyPanel
          {...props}
          onClose={() => {
            setOpen(false)
            requestAnimationFrame(() => buttonRef.current?.focus())
          }}
        />
      </Suspense>
    </div>
  )
}
