import { Trash2 } from 'lucide-react'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useDeleteBlend } from '#client/features/journal/api/delete-blend.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { DELETE_UNDO_MS, useRestoreBlend } from '#client/features/journal/api/restore-blend.ts'

/**
 * Delete, behind the confirm dialog docs/product.md §5 words; the blend's versions and tests go with
 * it, and the toast offers 'Undo' for a few seconds (docs/decisions/030-undo-delete.md).
 */
export function DeleteBlendDialog({ blend }: { blend: { id: number; name: string } }) {
  const remove = useDeleteBlend()
  const restore = useRestoreBlend()

  async function undo() {
    try {
      await restore(blend.id)
      toast.success('Blend restored', { description: `"${blend.name}" is back in your journal.` })
    } catch (error) {
      toast.error('Undo failed', { description: `Could not restore the blend: ${errorReason(error)}` })
    }
  }

  // mutateAsync: the refreshed list unmounts this card, and with it mutate's per-call callbacks.
  async function confirm() {
    try {
      await remove.mutateAsync(blend.id)
      toast.success('Blend deleted', { duration: DELETE_UNDO_MS, action: { label: 'Undo', onClick: () => void undo() } })
    } catch (error) {
      toast.error('Delete failed', { description: `Could not delete the blend: ${errorReason(error)}` })
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete blend?"
      description={`Are you sure you want to delete "${blend.name}"? You can undo it for a few seconds afterwards.`}
      icon={Trash2}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={confirm}
    />
  )
}
