import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useDeleteBlend } from '#client/features/journal/api/delete-blend.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { DELETE_UNDO_MS, useRestoreBlend } from '#client/features/journal/api/restore-blend.ts'

/**
 * Delete, behind the confirm dialog docs/product.md §5 words; the blend's versions and tests go with
 * it, and the toast offers 'Undo' for a few seconds (docs/decisions/030-undo-delete.md).
 */
export function DeleteBlendDialog({ blend }: { blend: { id: number; name: string } }) {
  const [open, setOpen] = useState(false)
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
      setOpen(false)
      toast.success('Blend deleted', { duration: DELETE_UNDO_MS, action: { label: 'Undo', onClick: () => void undo() } })
    } catch (error) {
      setOpen(false)
      toast.error('Delete failed', { description: `Could not delete the blend: ${errorReason(error)}` })
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete blend?</DialogTitle>
          <DialogDescription>
            {`Are you sure you want to delete "${blend.name}"? You can undo it for a few seconds afterwards.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
