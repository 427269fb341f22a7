import { Trash2 } from 'lucide-react'
import type { Bottle } from '#shared/api/shelf.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useDeleteBottle } from '#client/features/shelf/api/bottles.ts'
import { formatQuantity } from '#client/features/shelf/lib/format.ts'

/** Delete a bottle, behind a confirmation; batches already made keep what they recorded. */
export function DeleteBottleDialog({ bottle }: { bottle: Bottle }) {
  const remove = useDeleteBottle()

  async function confirm() {
    try {
      await remove.mutateAsync(bottle.id)
      toast.success('Bottle removed from your shelf')
    } catch (error) {
      toast.error('Delete failed', { description: error instanceof Error ? error.message : 'Please try again.' })
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
          aria-label={`Delete ${bottle.oilName} bottle`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this bottle?"
      description={`The ${formatQuantity(bottle.size, bottle.unit)} bottle of ${bottle.oilName} leaves your shelf. Batches you already made keep their costs.`}
      icon={Trash2}
      confirmLabel="Delete bottle"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  )
}
