import type { EssentialOil } from '#shared/api/oils.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
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
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { listAnd, noteLower, noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

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
  const t = useMessages()
  const oilName = useShownOilName()
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => !open && onCancel()}>
      {choice ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('creator.duplicate.title', { oil: oilName(choice.oil) })}</DialogTitle>
            <DialogDescription>
              {t('creator.duplicate.text', {
                oil: oilName(choice.oil),
                layers: listAnd(
                  t,
                  choice.layers.map((other) => t(`creator.layerLower.${other}`)),
                ),
                note: noteLower(t, layer),
              })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('creator.duplicate.another')}</Button>
            </DialogClose>
            <Button onClick={() => onConfirm(choice.oil)}>{t('creator.duplicate.confirm', { note: noteTitle(t, layer) })}</Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
