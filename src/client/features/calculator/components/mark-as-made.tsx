import { useQueryClient } from '@tanstack/react-query'
import { CircleCheck, LoaderCircle } from 'lucide-react'
import { useRef } from 'react'
import type { CreateBatch } from '#shared/api/shelf.ts'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError, newIdempotencyKey } from '#client/lib/api-client.ts'
import { undoBatch, useCreateBatch } from '#client/lib/batches.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/** Today's date where the maker is, as YYYY-MM-DD. */
function today(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/** How long the "Batch made" toast, and its Undo, stay on screen. */
export const UNDO_TOAST_MS = 12_000

/**
 * "Mark as made": records the batch on the blend (the server works out the amounts and takes them
 * off the shelf) and offers Undo in the toast. One press, one batch: the key stays the same for the
 * same batch until it is recorded, so pressing again after a failure cannot record it twice.
 */
export function MarkAsMade({ projectId, body }: { projectId: number; body: Omit<CreateBatch, 'madeOn'> }) {
  const queryClient = useQueryClient()
  const create = useCreateBatch()
  const singleFlight = useSingleFlight()
  const intent = useRef<{ body: string; key: string } | null>(null)

  function keyFor(serialized: string): string {
    if (intent.current?.body !== serialized) intent.current = { body: serialized, key: newIdempotencyKey() }
    return intent.current.key
  }

  function undo(id: number) {
    undoBatch(queryClient, id).then(
      () => toast.success('Batch undone', { description: 'Its oil is back on your shelf.' }),
      (err: unknown) =>
        toast.error('Undo failed', { description: err instanceof ApiError ? err.message : 'Please try again from the journal.' }),
    )
  }

  function markAsMade() {
    void singleFlight(async () => {
      const serialized = JSON.stringify([projectId, body])
      try {
        const batch = await create.mutateAsync({ projectId, body: { ...body, madeOn: today() }, idempotencyKey: keyFor(serialized) })
        intent.current = null
        toast.success(`Batch of ${batch.reference} made`, {
          description: 'Its oil is off your shelf and the batch is in the blend’s journal.',
          duration: UNDO_TOAST_MS,
          action: { label: 'Undo', onClick: () => undo(batch.id) },
        })
      } catch (err) {
        toast.error('Could not record the batch', { description: err instanceof ApiError ? err.message : 'Please try again.' })
      }
    })
  }

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between print:hidden">
      <p className="text-sm text-muted-foreground">Made this batch? Record it in the journal and take its oil off your shelf.</p>
      <Button onClick={markAsMade} disabled={create.isPending} aria-disabled={create.isPending || undefined} className="print:hidden">
        {create.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
        ) : (
          <CircleCheck aria-hidden="true" />
        )}
        {create.isPending ? 'Recording...' : 'Mark as made'}
      </Button>
    </div>
  )
}
