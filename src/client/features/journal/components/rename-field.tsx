import { useState } from 'react'
import { Check, X } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useRenameBlend } from '#client/features/journal/api/rename-blend.ts'

/**
 * Inline rename (SPEC.md §2, §5): Enter saves, Escape cancels; a blank or unchanged name is
 * ignored. The check and cross buttons do the same for touch screens.
 */
export function RenameField({ blend, onDone }: { blend: { id: number; name: string }; onDone: () => void }) {
  const [name, setName] = useState(blend.name)
  const rename = useRenameBlend()

  // mutateAsync: the refreshed list may re-render this card before mutate's per-call callbacks run.
  async function save() {
    const trimmed = name.trim()
    if (!trimmed || trimmed === blend.name) return onDone()
    try {
      await rename.mutateAsync({ id: blend.id, name: trimmed })
      toast.success('Blend renamed')
      onDone()
    } catch {
      toast.error('Rename failed', { description: 'Could not update blend name. Please try again.' })
    }
  }

  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <Input
        aria-label="Blend name"
        autoFocus
        maxLength={120}
        value={name}
        disabled={rename.isPending}
        onChange={(e) => setName(e.target.value)}
        onFocus={(e) => e.currentTarget.select()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            save()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            onDone()
          }
        }}
        className="h-9 font-semibold"
      />
      <Button variant="ghost" size="icon" aria-label="Save name" onClick={save} disabled={rename.isPending}>
        <Check aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label="Cancel rename" onClick={onDone}>
        <X aria-hidden="true" />
      </Button>
    </div>
  )
}
