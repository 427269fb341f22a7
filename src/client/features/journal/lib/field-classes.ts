/** The look of a multi-line text field, matching the app's Input (there is no Textarea primitive yet). */
export const TEXTAREA_CLASS =
  'w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm'

/** A small uppercase label over a group of values. */
export const EYEBROW_CLASS = 'text-xs font-semibold tracking-wide text-primary uppercase'
