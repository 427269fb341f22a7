import { Undo2 } from 'lucide-react'
import type { Batch } from '#shared/api/shelf.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useUndoBatch } from '#client/lib/batches.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** Remove a batch, after a confirmation: what it took goes back on the shelf. */
export function RemoveBatchDialog({ batch, label }: { batch: Pick<Batch, 'id'>; label: string }) {
  const t = useMessages()
  const undo = useUndoBatch()

  async function confirm() {
    try {
      await undo.mutateAsync(batch.id)
      toast.success(t('journal.removeBatch.removed'), { description: t('journal.removeBatch.removedText') })
    } catch (error) {
      toast.error(t('journal.removeBatch.failed'), { description: error instanceof Error ? error.message : t('journal.tryAgainLater') })
      return 'stay' as const
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={t('journal.removeBatch.label', { label })}>
          <Undo2 aria-hidden="true" />
          {t('journal.removeBatch.remove')}
        </Button>
      }
      title={t('journal.removeBatch.title')}
      description={t('journal.removeBatch.description', { label })}
      icon={Undo2}
      cancelLabel={t('journal.removeBatch.keep')}
      confirmLabel={t('journal.removeBatch.confirm')}
      pendingLabel={t('journal.removeBatch.removing')}
      onConfirm={confirm}
    />
  )
}
