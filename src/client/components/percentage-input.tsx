import { useState } from 'react'
import { parsePercentage } from '#shared/domain/percentages.ts'
import { Input } from '#client/components/ui/input.tsx'
import { cn } from '#client/lib/cn.ts'

/** A stored percentage as the user's locale writes it: 12.5, or 12,5. */
const shownText = (value: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 2, useGrouping: false }).format(value)

/**
 * A percentage field of the journal's editor and the wizard's proportions (docs/product.md §5: number, 0-100; non-numeric counts as 0), typed as text with
 * the decimal keypad and read in the browser's locale (a number input reads "1,5" as 15). It shows what
 * is typed while typing and the stored value once the field is left or the value changes elsewhere
 * (an oil added or removed in the same note).
 */
export function PercentageInput({
  id,
  label,
  value,
  onChange,
  invalid,
  className,
}: {
  id: string
  /** The accessible name, e.g. 'Lemon percentage' (the visible label shows the oil's name). */
  label: string
  value: number
  onChange: (value: number) => void
  invalid?: boolean
  className?: string
}) {
  const [text, setText] = useState(shownText(value))
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(shownText(value))
  }
  return (
    <Input
      id={id}
      aria-label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(e) => {
        const next = parsePercentage(e.target.value)
        setText(e.target.value)
        setShown(next)
        onChange(next)
      }}
      onBlur={() => setText(shownText(shown))}
      className={cn('h-9 text-right tabular-nums', className)}
    />
  )
}
