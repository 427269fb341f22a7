import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'

/**
 * The app's one select (decision 042): the browser's own <select>, styled as our inputs. Every
 * browser and screen reader knows it (a combobox with its options), it opens the phone's own
 * wheel or sheet, typing the first letters jumps through a long list (every currency, every oil),
 * and it costs no script. Give it an accessible name: a <Label htmlFor> pointing at its id, or
 * aria-label. `placeholder` is a first option that cannot be chosen, shown while the value is ''.
 * It sizes to its content: give it a width (w-full) where it should fill its column.
 * For a list to search as one types, use Combobox (combobox.tsx).
 */
export function Select({ className, placeholder, children, ...props }: ComponentProps<'select'> & { placeholder?: string }) {
  return (
    <select
      className={cn(
        'flex h-10 min-w-0 cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground sm:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
        className,
      )}
      {...props}
    >
      {placeholder === undefined ? null : (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {children}
    </select>
  )
}
