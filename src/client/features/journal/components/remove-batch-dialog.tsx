import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import type { Batch } from '#shared/api/shelf.ts'
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
import { useUndoBatch } from '#client/lib/batches.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/** Remove a batch, after a confirmation: what it took goes back on the shelf. */
export function RemoveBatchDialog({ batch, label }: { batch: Pick<Batch, 'id'>; label: string }) {
  const [open, setOpen] = useState(false)
  const undo = useUndoBatch()
  const singleFlight = useSingleFlight()

  function confirm() {
    void singleFlight(async () => {
      try {
        await undo.mutateAsync(batch.id)
        setOpen(false)
        toast.success('Batch removed', { description: 'Its oil is back on your shelf.' })
      } catch (error) {
        toast.error('Could not remove the batch', { description: error instanceof Error ? error.message : 'Please try again.' })
      }
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !undo.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Remove batch ${label}`}>
          <Undo2 aria-hidden="true" />
          Remove
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove this batch?</DialogTitle>
          <DialogDescription>
            {`The batch ${label} leaves the journal and the oil it used goes back on your shelf.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={undo.isPending}>
              Keep it
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={undo.isPending}>
            <Undo2 aria-hidden="true" />
            {undo.isPending ? 'Removing...' : 'Remove batch'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
