import { LoaderCircle } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'

/** A form's submit button: disabled with a spinner and `busyLabel` while the form is sending. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy || undefined}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
      {busy ? busyLabel : label}
    </Button>
  )
}
