import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The "On my shelf" checkbox of the glossary and the oil picker (docs/product.md, "The oil
 * shelf"); the pages show it only when someone is signed in and their shelf holds oils.
 */
export function ShelfFilterCheckbox({
  checked,
  onChange,
  className,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  className?: string
}) {
  const t = useMessages()
  return (
    <label className={`flex cursor-pointer items-center gap-3 text-sm ${className ?? ''}`}>
      <input
        type="checkbox"
        className="size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="font-medium text-foreground">{t('common.shelfFilter')}</span>
    </label>
  )
}
