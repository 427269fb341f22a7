import type { ReactNode } from 'react'
import { Label } from '#client/components/ui/label.tsx'

/** One labelled control of the bottle form with its hint and its own error under it. */
export function BottleField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  /** The control; give it `id`, and aria-describedby={describedBy(id, hint, error)}. */
  children: ReactNode
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The aria-describedby of a BottleField's control. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  if (error) return `${id}-error`
  return hint ? `${id}-hint` : undefined
}
