import { RotateCcw } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'

/**
 * docs/product.md "The wizard's places": 'Create New Blend' on a complete blend that is not saved
 * asks before it throws the blend away.
 */
export function DiscardDraftDialog({
  open,
  blendName,
  onOpenChange,
  onDiscard,
}: {
  open: boolean
  blendName: string
  onOpenChange: (open: boolean) => void
  onDiscard: () => void
}) {
  const name = blendName.trim()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Discard this blend?</DialogTitle>
          <DialogDescription>
            {`${name ? `“${name}”` : 'This blend'} is not saved. Starting a new blend discards its oils, proportions and notes.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep this blend</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onDiscard}>
            <RotateCcw aria-hidden="true" />
            Discard and start over
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
