import { Trash2 } from 'lucide-react'
import type { Bottle } from '#shared/api/shelf.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useDeleteBottle } from '#client/features/shelf/api/bottles.ts'
import { formatQuantity } from '#client/features/shelf/lib/format.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** Delete a bottle, behind a confirmation; batches already made keep what they recorded. */
export function DeleteBottleDialog({ bottle }: { bottle: Bottle }) {
  const t = useMessages()
  const remove = useDeleteBottle()

  async function confirm() {
    try {
      await remove.mutateAsync(bottle.id)
      toast.success(t('shelf.delete.done'))
    } catch (error) {
      toast.error(t('shelf.delete.failed'), { description: error instanceof Error ? error.message : t('shelf.tryAgain') })
      return 'stay' as const
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10"
          aria-label={t('shelf.delete.of', { oil: bottle.oilName })}
        >
          <Trash2 aria-hidden="true" />
          {t('shelf.delete.button')}
        </Button>
      }
      title={t('shelf.delete.title')}
      description={t('shelf.delete.description', { size: formatQuantity(bottle.size, bottle.unit), oil: bottle.oilName })}
      icon={Trash2}
      confirmLabel={t('shelf.delete.confirm')}
      pendingLabel={t('shelf.delete.pending')}
      onConfirm={confirm}
    />
  )
}
