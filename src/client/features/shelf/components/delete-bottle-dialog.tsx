import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Bottle } from '#shared/api/shelf.ts'
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
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useDeleteBottle } from '#client/features/shelf/api/bottles.ts'
import { formatQuantity } from '#client/features/shelf/lib/format.ts'

/** Delete a bottle, behind a confirmation; batches already made keep what they recorded. */
export function DeleteBottleDialog({ bottle }: { bottle: Bottle }) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteBottle()
  const singleFlight = useSingleFlight()

  function confirm() {
    void singleFlight(async () => {
      try {
        await remove.mutateAsync(bottle.id)
        setOpen(false)
        toast.success('Bottle removed from your shelf')
      } catch (error) {
        toast.error('Delete failed', { description: error instanceof Error ? error.message : 'Please try again.' })
      }
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10" aria-label={`Delete ${bottle.oilName} bottle`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this bottle?</DialogTitle>
          <DialogDescription>
            {`The ${formatQuantity(bottle.size, bottle.unit)} bottle of ${bottle.oilName} leaves your shelf. Batches you already made keep their costs.`}
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
            {remove.isPending ? 'Deleting...' : 'Delete bottle'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
