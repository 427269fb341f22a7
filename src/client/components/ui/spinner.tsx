import { LoaderCircle } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

export interface SpinnerProps {
  /**
   * Read out by screen readers, from the catalogs: what is loading, e.g. "Loading your blends". No
   * default: a bare "Loading" would be English, or words of the `ui` section in the app's entry.
   */
  label: string
  className?: string
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center text-primary', className)}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-[spin_2s_linear_infinite]" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** A spinner centred in the whole viewport, for states where nothing else can be shown yet. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-background">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  )
}
