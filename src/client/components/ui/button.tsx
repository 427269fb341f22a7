import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'warning'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const base =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-medium ' +
  'transition-colors duration-150 select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 ' +
  '[&_svg]:pointer-events-none [&_svg]:shrink-0'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
  outline: 'border border-input/60 bg-card text-foreground hover:border-input hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
  // Amber, for actions inside an amber warning (the session banner).
  warning: 'bg-warning text-warning-foreground shadow-sm hover:bg-warning-hover',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm [&_svg]:size-4',
  md: 'h-10 px-4 text-sm [&_svg]:size-4',
  lg: 'h-12 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 [&_svg]:size-5',
}

/** A button that reads as a link: primary text, underlined on hover (add size and layout classes). */
export const textButtonClass =
  'cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * A button that may wrap its words onto a second line (`wraps`): its height grows from the size's
 * instead of being fixed, and a row it shares may narrow it (others keep their width). For a
 * full-width button on a phone, or one beside others in a header, whose label a language makes
 * longer than the screen allows (issue 37): unwrapped, its one line would widen the whole page.
 */
const wrapping: Record<ButtonSize, string> = {
  sm: 'min-h-9 py-1.5 px-3 text-sm [&_svg]:size-4',
  md: 'min-h-10 py-2 px-4 text-sm [&_svg]:size-4',
  lg: 'min-h-12 py-2.5 px-6 text-base [&_svg]:size-5',
  icon: 'size-10 [&_svg]:size-5',
}

/** The classes of a button, for elements that must look like one without being a <Button>. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  wraps = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; wraps?: boolean; className?: string } = {}): string {
  return cn(
    base,
    wraps ? 'min-w-0 whitespace-normal text-center' : 'shrink-0 whitespace-nowrap',
    variants[variant],
    wraps ? wrapping[size] : sizes[size],
    className,
  )
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Render the single child (e.g. a router <Link>) with the button's look instead of a <button>. */
  asChild?: boolean
  /** Its words may wrap onto more lines, the button growing taller (see `wrapping`). */
  wraps?: boolean
}

export function Button({ variant, size, asChild = false, wraps, className, type, ...props }: ButtonProps) {
  const classes = buttonClass({ variant, size, wraps, className })
  if (asChild) return <Slot.Root className={classes} {...props} />
  return <button type={type ?? 'button'} className={classes} {...props} />
}
