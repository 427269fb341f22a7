// The React parts of the prerendered public pages (decision 066), loaded by the islands script
// (src/client/islands.ts) on the first press of Sign In or Start Free Beta, or once the sign-up section
// nears the screen: the sign-in
// dialog and the toast outlet in a root of their own, the sign-up form in its place on the landing
// page, and the app itself once someone signs in. Nothing here hydrates the page.
import '#client/lib/zod-config.ts'
import { StrictMode, startTransition, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { AuthCard } from '#client/features/auth/components/auth-card.tsx'
import { SignInDialog } from '#client/features/auth/components/sign-in-dialog.tsx'
import { sessionStore, setSignedOut } from '#client/lib/session.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { DEFAULT_LANGUAGE, languageOf } from '#shared/i18n/languages.ts'
import { BOOT_DATA_ELEMENT_ID, type BootData } from '#shared/config/boot-data.ts'
import { APP_ENTRY_META_NAME } from '#shared/config/prerendered-pages.ts'

// The server sends a prerendered page without a session (decision 012): the visitor is signed out.
if (sessionStore.getState().status === 'loading') setSignedOut()

/**
 * The page's language (its `<html lang>`, which the server chose, decision 093) with the account
 * forms' words (a catalog section, decision 097): the islands script awaits it before anything here
 * is mounted, so a German page's forms are German from their first paint.
 */
export const languageReady: Promise<void> = activateLanguage(languageOf(document.documentElement.lang) ?? DEFAULT_LANGUAGE)

type Dialog = { key: number; open: boolean }
let dialog: Dialog = { key: 0, open: false }
const listeners = new Set<() => void>()
function setDialog(next: Dialog) {
  dialog = next
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The dialog (mounted from its first opening on, a fresh card each time) and where toasts appear. */
function AccountParts() {
  const { key, open } = useSyncExternalStore(subscribe, () => dialog)
  return (
    <>
      {key > 0 ? <SignInDialog key={key} open={open} onOpenChange={(next) => setDialog({ key, open: next })} /> : null}
      <ToastOutlet />
    </>
  )
}

let accountRoot: Root | null = null
function mountAccountParts(): void {
  if (accountRoot) return
  const container = document.createElement('div')
  document.body.append(container)
  accountRoot = createRoot(container)
  accountRoot.render(
    <StrictMode>
      <AccountParts />
    </StrictMode>,
  )
}

/** Opens the sign-in dialog; `opener` gets the focus back when it closes. */
export function openSignIn(opener: HTMLElement): void {
  mountAccountParts()
  // The dialog gives the focus back to what had it when it opened.
  opener.focus({ preventScroll: true })
  setDialog({ key: dialog.key + 1, open: true })
}

let signupRoot: Root | null = null
/** Puts the sign-up card in its place (its placeholder holds the room until then); resolves once it is on screen. */
export function mountSignupForm(container: HTMLElement): Promise<void> {
  mountAccountParts()
  if (signupRoot) return Promise.resolve()
  signupRoot = createRoot(container)
  const root = signupRoot
  return new Promise((resolve) => {
    // As a transition: the render is split into short slices (a slow phone stays responsive).
    startTransition(() =>
      root.render(
        <StrictMode>
          <OnMount done={resolve}>
            <AuthCard initialMode="sign-up" />
          </OnMount>
        </StrictMode>,
      ),
    )
  })
}

function OnMount({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done])
  return children
}

// Signed in (from the dialog or the sign-up form): the app takes the page over, as it does on a
// page it rendered itself. The islands are built apart from the app (vite.islands.config.ts), so
// they import the app's entry, which the page names, and hand it the user the way a signed-in
// page's HTML does (decision 035), so it does not ask for the session again. The welcome toast
// stays in this root's outlet; the app has its own.
const stopWatching = sessionStore.subscribe((state) => {
  if (state.status !== 'signed-in') return
  stopWatching()
  signupRoot?.unmount()
  signupRoot = null
  setDialog({ key: 0, open: false })
  const root = document.getElementById('root')
  const entry = document.querySelector<HTMLMetaElement>(`meta[name="${APP_ENTRY_META_NAME}"]`)?.content
  if (!root || !entry) return
  const { id, email, displayName, photoURL } = state.user
  const boot: BootData = { user: { id, email, name: displayName, image: photoURL } }
  const data = document.createElement('script')
  data.type = 'application/json'
  data.id = BOOT_DATA_ELEMENT_ID
  data.textContent = JSON.stringify(boot)
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove()
  document.head.append(data)
  // The public page's title goes with it; each page of the app sets its own.
  document.head.querySelector('title')?.remove()
  delete root.dataset.prerendered
  delete root.dataset.hydrated
  void import(/* @vite-ignore */ entry)
})
