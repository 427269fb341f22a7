import { useState } from 'react'
import { Trash2 } from 'lucide-react'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useDeleteBlend } from '#client/features/journal/api/delete-blend.ts'
import { useAccordUses, type AccordUseOf } from '#client/features/journal/api/accords.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { DELETE_UNDO_MS, useRestoreBlend } from '#client/features/journal/api/restore-blend.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** 'Evening Calm (001c) and Morning Lift (002a, 002b)'. */
function usersText(t: (id: string, values?: Record<string, unknown>) => string, uses: readonly AccordUseOf[]): string {
  const named = uses.map((u) => `${u.name} (${u.versions.map((v) => v.referenceNumber).join(', ')})`)
  return named.length <= 1 ? named.join('') : t('journal.delete.and', { first: named.slice(0, -1).join(', '), last: named.at(-1) })
}

/** What deleting does to the blends that use this one as an accord (decision 073), in the spec's words. */
export function accordUsesText(t: (id: string, values?: Record<string, unknown>) => string, uses: readonly AccordUseOf[]): string {
  return t('journal.delete.accordUses', { users: usersText(t, uses) })
}

/**
 * Delete, behind the confirm dialog docs/product.md §5 words; the blend's versions and tests go with
 * it, and the toast offers 'Undo' for a few seconds (docs/decisions/030-undo-delete.md). On opening,
 * it asks which of the user's blends use this one as an accord and says what happens to them before
 * Delete can be pressed (decision 073).
 */
export function DeleteBlendDialog({ blend }: { blend: { id: number; name: string } }) {
  const t = useMessages()
  const remove = useDeleteBlend()
  const restore = useRestoreBlend()
  const [open, setOpen] = useState(false)
  const uses = useAccordUses(blend.id, open)

  async function undo() {
    try {
      await restore(blend.id)
      toast.success(t('journal.delete.restored'), { description: t('journal.delete.restoredText', { name: blend.name }) })
    } catch (error) {
      toast.error(t('journal.delete.undoFailed'), { description: t('journal.delete.undoFailedText', { reason: errorReason(error) }) })
    }
  }

  // mutateAsync: the refreshed list unmounts this card, and with it mutate's per-call callbacks.
  async function confirm() {
    try {
      await remove.mutateAsync(blend.id)
      toast.success(t('journal.delete.deleted'), {
        duration: DELETE_UNDO_MS,
        action: { label: t('journal.delete.undo'), onClick: () => void undo() },
      })
    } catch (error) {
      toast.error(t('journal.delete.failed'), { description: t('journal.delete.failedText', { reason: errorReason(error) }) })
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden="true" />
          {t('journal.delete.delete')}
        </Button>
      }
      title={t('journal.delete.title')}
      description={t('journal.delete.description', { name: blend.name })}
      icon={Trash2}
      cancelLabel={t('journal.cancel')}
      confirmLabel={t('journal.delete.delete')}
      pendingLabel={t('journal.delete.deleting')}
      onConfirm={confirm}
      onOpenChange={setOpen}
      confirmDisabled={!uses.isSuccess}
    >
      {uses.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('journal.delete.checking')}
        </p>
      ) : uses.isError ? (
        <LoadError inline message={t('journal.delete.checkFailed')} error={uses.error} onRetry={() => void uses.refetch()} />
      ) : uses.data.length > 0 ? (
        <p role="status" className="rounded-lg border border-warning/40 bg-muted/60 p-3 text-sm text-foreground">
          {accordUsesText(t, uses.data)}
        </p>
      ) : null}
    </ConfirmDialog>
  )
}
