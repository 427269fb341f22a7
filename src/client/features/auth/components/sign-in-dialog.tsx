import { useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { AuthCard, type AuthHeadingProps, type AuthMode } from '#client/features/auth/components/auth-card.tsx'

export { wordsReady } from '#client/features/auth/auth-catalog.ts'

function DialogHeading({ title, description }: AuthHeadingProps) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  )
}

/**
 * The landing top bar's Sign In (docs/product.md §2): the auth card in a dialog. It is loaded when first
 * opened (after its trigger was pressed), so it remembers what had focus and gives it back on close.
 */
export function SignInDialog({
  open,
  onOpenChange,
  initialMode = 'sign-in',
  initialError = null,
  purpose = null,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initialMode?: AuthMode
  initialError?: string | null
  /** Why signing in is asked for (AuthCard's `purpose`). */
  purpose?: string | null
}) {
  // Where focus was when the dialog opened (its trigger), to give it back on close.
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  const [wasOpen, setWasOpen] = useState(false)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-md sm:p-8"
        onCloseAutoFocus={(event) => {
          if (!opener?.isConnected) return
          event.preventDefault()
          opener.focus()
        }}
      >
        <AuthCard initialMode={initialMode} initialError={initialError} Heading={DialogHeading} framed={false} purpose={purpose} />
      </DialogContent>
    </Dialog>
  )
}
