import { zodResolver } from '@hookform/resolvers/zod'
import { Check, X } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { RenameBlendSchema } from '#shared/api/blends.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useRenameBlend } from '#client/features/journal/api/rename-blend.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * Inline rename (docs/product.md §2, §5): Enter saves, Escape cancels; a blank or unchanged name is
 * ignored. The check and cross buttons do the same for touch screens. The name is checked with
 * the request's own schema (RenameBlendSchema); what was typed stays when the save fails.
 * Loaded through rename-field.tsx, so the form library is not part of the journal's own chunk.
 */
export function RenameFieldForm({ blend, onDone }: { blend: { id: number; name: string }; onDone: () => void }) {
  const t = useMessages()
  const form = useForm({ defaultValues: { name: blend.name }, resolver: zodResolver(RenameBlendSchema), reValidateMode: 'onSubmit' })
  const rename = useRenameBlend()
  const error = form.formState.errors.name?.message
  const errorId = `rename-${blend.id}-error`

  // mutateAsync: the refreshed list may re-render this card before mutate's per-call callbacks run.
  const save = form.handleSubmit(async ({ name }) => {
    const trimmed = name.trim()
    if (!trimmed || trimmed === blend.name) return onDone()
    try {
      await rename.mutateAsync({ id: blend.id, name: trimmed })
      toast.success(t('journal.rename.renamed'))
      onDone()
    } catch {
      toast.error(t('journal.rename.failed'), { description: t('journal.rename.failedText') })
    }
  })

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
      <Input
        aria-label={t('journal.rename.nameLabel')}
        autoFocus
        maxLength={120}
        disabled={rename.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...form.register('name')}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            onDone()
          }
        }}
        className="h-9 min-w-0 flex-1 font-semibold"
      />
      <Button type="submit" variant="ghost" size="icon" aria-label={t('journal.rename.save')} disabled={rename.isPending}>
        <Check aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label={t('journal.rename.cancel')} onClick={onDone}>
        <X aria-hidden="true" />
      </Button>
      {error ? (
        <p id={errorId} className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  )
}
