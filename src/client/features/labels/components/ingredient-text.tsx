import { Check, ClipboardCopy } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/** The ingredient list as a label prints it, with Copy. */
export function IngredientText({ text, stale }: { text: string; stale: boolean }) {
  const t = useMessages()
  const id = useId()
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      toast.error(t('labels.ingredients.copyFailed'), { description: t('labels.ingredients.copyByHand') })
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-medium text-foreground">
          {t('labels.ingredients.text')}
        </h3>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-describedby={`${id}-title`}>
          {copied ? <Check aria-hidden="true" /> : <ClipboardCopy aria-hidden="true" />}
          {copied ? t('labels.ingredients.copied') : t('labels.ingredients.copy')}
        </Button>
      </div>
      <output
        aria-labelledby={`${id}-title`}
        aria-busy={stale || undefined}
        data-testid="ingredient-text"
        className={
          stale ? 'block rounded-lg bg-muted p-3 text-sm text-muted-foreground' : 'block rounded-lg bg-muted p-3 text-sm text-foreground'
        }
      >
        {text}
      </output>
      <p className="text-xs text-muted-foreground">{t('labels.ingredients.order')}</p>
    </div>
  )
}
