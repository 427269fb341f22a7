import { Undo2 } from 'lucide-react'
import type { Batch } from '#shared/api/shelf.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useUndoBatch } from '#client/lib/batches.ts'

/** Remove a batch, after a confirmation: what it took goes back on the shelf. */
export function RemoveBatchDialog({ batch, label }: { batch: Pick<Batch, 'id'>; label: string }) {
  const undo = useUndoBatch()

  async function confirm() {
    try {
      await undo.mutateAsync(batch.id)
      toast.success('Batch removed', { description: 'Its oil is back on your shelf.' })
    } catch (error) {
      toast.error('Could not remove the batch', { description: error instanceof Error ? error.message : 'Please try again.' })
      return 'stay' as const
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Remove batch ${label}`}>
          <Undo2 aria-hidden="true" />
          Remove
        </Button>
      }
      title="Remove this batch?"
      description={`The batch ${label} leaves the journal and the oil it used goes back on your shelf.`}
      icon={Undo2}
      cancelLabel="Keep it"
      confirmLabel="Remove batch"
      pendingLabel="Removing..."
      onConfirm={confirm}
    />
  )
}
