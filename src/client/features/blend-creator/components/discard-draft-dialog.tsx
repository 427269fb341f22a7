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
import { useMessages } from '#client/lib/i18n.ts'
// Rendered on its own by the app's header too: the creator's words load with it.
import '#client/features/blend-creator/creator-catalog.ts'

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
  const t = useMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('creator.discard.title')}</DialogTitle>
          <DialogDescription>{name ? t('creator.discard.textNamed', { name }) : t('creator.discard.text')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('creator.discard.keep')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onDiscard}>
            <RotateCcw aria-hidden="true" />
            {t('creator.discard.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
