import { Check, HardDrive, RotateCw } from 'lucide-react'
import type { AutosaveStatus } from '#client/features/journal/hooks/use-autosave.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * The quiet line beside an autosaved field: "Saving…", "Saved", "Saved on this device" (offline,
 * sent when the connection returns), or a "Not saved, retry" button
 * that tries again with the text as it is (docs/product.md "Spec defects we fix").
 */
export function SaveStatus({ status, onRetry, className }: { status: AutosaveStatus; onRetry: () => void; className?: string }) {
  const t = useMessages()
  return (
    <span aria-live="polite" className={cn('inline-flex min-h-7 items-center text-xs text-muted-foreground', className)}>
      {status === 'pending' || status === 'saving' ? t('journal.save.saving') : null}
      {status === 'saved' ? (
        <span className="inline-flex items-center gap-1">
          <Check aria-hidden="true" className="size-3.5 text-primary" />
          {t('journal.save.saved')}
        </span>
      ) : null}
      {status === 'kept' ? (
        <span className="inline-flex items-center gap-1">
          <HardDrive aria-hidden="true" className="size-3.5" />
          {t('journal.save.kept')}
        </span>
      ) : null}
      {status === 'failed' ? (
        <button
          type="button"
          onClick={onRetry}
          className={cn(
            'inline-flex cursor-pointer items-center gap-1 rounded-md px-1.5 py-1 font-medium text-destructive',
            'hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          )}
        >
          <RotateCw aria-hidden="true" className="size-3.5" />
          {t('journal.save.retry')}
        </button>
      ) : null}
    </span>
  )
}
