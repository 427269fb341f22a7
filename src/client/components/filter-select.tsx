import { Label } from '#client/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx'

const ALL = 'all'

/** A labelled dropdown that narrows a list to one option, or to none with its "All …" item (null). */
export function FilterSelect<T extends string>({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  allLabel: string
  value: T | null
  options: readonly T[]
  onChange: (value: T | null) => void
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : (next as T))}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
