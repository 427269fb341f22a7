import { Button } from '#client/components/ui/button.tsx'

/** A load that failed, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert" className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-card p-5 text-muted-foreground">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </p>
  )
}
