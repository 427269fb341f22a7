import { useState } from 'react'
import { parsePercentage } from '#shared/domain/percentages.ts'
import { Input } from '#client/components/ui/input.tsx'

/**
 * A percentage field (docs/product.md §5: number, 0-100, step 0.1; non-numeric counts as 0). It shows what
 * is typed while typing and the stored value once the field is left or the value changes elsewhere
 * (an oil added or removed in the same note).
 */
export function PercentageInput({
  id,
  label,
  value,
  onChange,
  invalid,
}: {
  id: string
  /** The accessible name, e.g. 'Lemon percentage' (the visible label shows the oil's name). */
  label: string
  value: number
  onChange: (value: number) => void
  invalid?: boolean
}) {
  const [text, setText] = useState(String(value))
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(String(value))
  }
  return (
    <Input
      id={id}
      aria-label={label}
      type="number"
      inputMode="decimal"
      min={0}
      max={100}
      step={0.1}
      aria-invalid={invalid || undefined}
      value={text}
      onChange={(e) => {
        const next = parsePercentage(e.target.value)
        setText(e.target.value)
        setShown(next)
        onChange(next)
      }}
      onBlur={() => setText(String(shown))}
      className="h-9 text-right tabular-nums"
    />
  )
}
