import { LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { AUTH_MESSAGES, startGoogleSignIn } from '#client/lib/auth-client.ts'
import { errorMessage } from '#client/features/auth/error-message.ts'
import { useMessages } from '#client/lib/i18n.ts'

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 11l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z" />
    </svg>
  )
}

/** Starts the Google redirect flow; a failure to start is reported through `onError`. */
export function GoogleSignInButton({ onError }: { onError: (message: string | null) => void }) {
  const t = useMessages()
  const [busy, setBusy] = useState(false)
  const start = async () => {
    setBusy(true)
    onError(null)
    try {
      await startGoogleSignIn()
    } catch (err) {
      onError(errorMessage(err, AUTH_MESSAGES.googleFailed))
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" size="lg" className="w-full" disabled={busy} onClick={() => void start()}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <GoogleMark />}
      {busy ? t('auth.google.opening') : t('auth.google.continue')}
    </Button>
  )
}
