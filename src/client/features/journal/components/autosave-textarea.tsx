import { useState, type ReactNode } from 'react'
import { useAutosave } from '#client/features/journal/hooks/use-autosave.ts'
import { TEXTAREA_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { SaveStatus } from '#client/features/journal/components/save-status.tsx'
import { Label } from '#client/components/ui/label.tsx'

interface AutosaveTextareaProps {
  id: string
  label: ReactNode
  /** Ids of elements whose text completes the field's name (e.g. the test entry's reference). */
  alsoLabelledBy?: string
  /** The saved text when the field appears; afterwards the field keeps what is typed. */
  initialValue: string | null
  save: (text: string) => Promise<unknown>
  placeholder?: string
  rows?: number
  labelClassName?: string
}

/** A notes field that saves itself 1 s after the last keystroke (docs/product.md §4 "Autosave"). */
export function AutosaveTextarea({
  id,
  label,
  alsoLabelledBy,
  initialValue,
  save,
  placeholder,
  rows = 3,
  labelClassName,
}: AutosaveTextareaProps) {
  const [text, setText] = useState(initialValue ?? '')
  const autosave = useAutosave(save)
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label id={`${id}-label`} htmlFor={id} className={labelClassName}>
          {label}
        </Label>
        <SaveStatus status={autosave.status} onRetry={autosave.retry} />
      </div>
      <textarea
        id={id}
        aria-labelledby={alsoLabelledBy ? `${id}-label ${alsoLabelledBy}` : undefined}
        rows={rows}
        maxLength={10_000}
        placeholder={placeholder}
        className={`${TEXTAREA_CLASS} print:hidden`}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          autosave.change(e.target.value)
        }}
      />
      {/* A field clips its text on paper: print what it holds instead. */}
      <p className="hidden whitespace-pre-wrap print:block">{text || '-'}</p>
    </div>
  )
}
