import type { EssentialOil } from '#shared/api/oils.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { inYourLabel } from '#shared/domain/wizard.ts'
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

export interface DuplicateChoice {
  oil: EssentialOil
  /** The other layers that already hold it. */
  layers: NoteType[]
}

/**
 * docs/product.md "The wizard's places": an oil already in another layer can go in this one too, once
 * the maker confirms it (the picker marks it 'in your base').
 */
export function DuplicateOilDialog({
  layer,
  choice,
  onCancel,
  onConfirm,
}: {
  layer: NoteType
  choice: DuplicateChoice | null
  onCancel: () => void
  onConfirm: (oil: EssentialOil) => void
}) {
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && onCancel()}>
      {choice ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{`Use ${choice.oil.name} twice?`}</DialogTitle>
            <DialogDescription>
              {`${choice.oil.name} is already ${inYourLabel(choice.layers)} note. Adding it as your ${layer.toLowerCase()} note too gives it more weight and leaves one layer fewer to balance it.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Choose another oil</Button>
            </DialogClose>
            <Button onClick={() => onConfirm(choice.oil)}>{`Use it as the ${layer} Note too`}</Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
