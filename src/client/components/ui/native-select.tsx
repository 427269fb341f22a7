import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'

/**
 * The browser's own <select>, styled as our inputs: for long lists (every currency, every oil)
 * where typing the first letters to jump is the fastest way through, on phones a native wheel.
 * It sizes to its content: give it a width (w-full) where it should fill its column.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
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
    />
  )
}
