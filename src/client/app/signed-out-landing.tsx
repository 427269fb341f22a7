import { lazy, Suspense, useEffect, useState } from 'react'
import { CONSENT_PATH } from '#shared/api/oauth-paths.ts'
import { copyShareToken } from '#shared/api/share-token.ts'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { FullPageSpinner } from '#client/components/ui/spinner.tsx'
import { send } from '#client/lib/http.ts'
import type { SignInLinkView } from '#client/lib/sign-in-links.ts'
import { LANDING_PARAMS, readLandingRequest } from '#client/app/landing-params.ts'
import { SignupFormPlaceholder } from '#client/features/landing/components/signup-section.tsx'
import { lazyPage } from '#client/app/lazy-page.ts'
import { useMessages } from '#client/lib/i18n.ts'

// The landing page is a chunk of its own; the account parts load after it, so the page a new
// visitor waits for carries no form library, dialog or auth client (bundle budget: 100 kB).
// Its words are a catalog section of their own (decision 097): in before the page renders.
const LandingPage = lazy(() =>
  import('#client/features/landing/components/landing-page.tsx').then(async (m) => {
    await m.landingWordsReady
    return { default: m.LandingPage }
  }),
)
// The account forms' words are a section too (features/auth/auth-catalog.ts): in before they render.
const loadAuthCard = () => import('#client/features/auth/components/auth-card.tsx')
const loadSignInDialog = () => import('#client/features/auth/components/sign-in-dialog.tsx')
const AuthCard = lazyPage(loadAuthCard, (m) => m.AuthCard)
const SignInDialog = lazyPage(loadSignInDialog, (m) => m.SignInDialog)

interface DialogState {
  open: boolean
  /** Bumped on every opening, so each one starts from a fresh card. */
  key: number
  view: SignInLinkView
  error: string | null
}

/** The shared blend's name (GET /api/shared/{token}, public), or null when it cannot be read. */
async function sharedBlendName(token: string): Promise<string | null> {
  try {
    const res = await send(`/api/shared/${encodeURIComponent(token)}`)
    if (!res.ok) return null
    const body = (await res.json()) as { name?: unknown }
    return typeof body.name === 'string' && body.name.trim() !== '' ? body.name : null
  } catch {
    return null
  }
}

/**
 * "Copy to my journal" from a share page, signed out (issue 31): the blend's name, to say what
 * signing in is for. The address stays as it is, so once signed in the journal makes the copy.
 */
function useCopyRequest(pathname: string, search: string): { token: string; purpose: string } | null {
  const t = useMessages()
  const token = copyShareToken(pathname, search)
  const [name, setName] = useState<{ token: string; name: string | null } | null>(null)
  useEffect(() => {
    if (token === null) return
    let live = true
    void sharedBlendName(token).then((found) => live && setName({ token, name: found }))
    return () => {
      live = false
    }
  }, [token])
  if (token === null) return null
  const known = name?.token === token ? name.name : null
  return { token, purpose: known === null ? t('landing.copy.purposeThisBlend') : t('landing.copy.purpose', { name: known }) }
}

/**
 * The signed-out experience: the landing page, its Sign In dialog and the sign-up card in its
 * signup section (docs/product.md §2). The address can open the dialog: `?signIn=<view>` from the
 * reset-password page, `?error=...` when a Google sign-in came back failed. An AI assistant's
 * connection request (/oauth/consent) opens it too: once signed in, the same address shows the
 * consent page (decision 046).
 */
export function SignedOutLanding() {
  const location = useLocation()
  const navigate = useNavigate()
  const copy = useCopyRequest(location.pathname, location.search)
  const t = useMessages()
  const [dialog, setDialog] = useState<DialogState>(() => {
    const request =
      readLandingRequest(location.search) ??
      (location.pathname === CONSENT_PATH || copyShareToken(location.pathname, location.search) !== null
        ? { view: 'sign-in' as const, error: null }
        : null)
    return { open: request !== null, key: request ? 1 : 0, view: request?.view ?? 'sign-in', error: request?.error ?? null }
  })

  // Handled once: a reload or a shared address should not reopen the dialog or repeat an error.
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    if (!LANDING_PARAMS.some((name) => params.has(name))) return
    for (const name of LANDING_PARAMS) params.delete(name)
    const search = params.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true })
  }, [location.pathname, location.search, location.hash, navigate])

  // Fetch the account parts once the browser is idle, so Sign In opens at once.
  useEffect(() => {
    const prefetch = () => void Promise.all([loadSignInDialog(), loadAuthCard()]).catch(() => undefined)
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 3000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(prefetch, 1500)
    return () => window.clearTimeout(id)
  }, [])

  const openSignIn = () => setDialog((d) => ({ open: true, key: d.key + 1, view: 'sign-in', error: null }))
  const openSignUp = () => setDialog((d) => ({ open: true, key: d.key + 1, view: 'sign-up', error: null }))

  return (
    <Suspense fallback={<FullPageSpinner label={t('app.loading')} />}>
      {copy ? <CopyRequestBar purpose={copy.purpose} onSignIn={openSignIn} onSignUp={openSignUp} /> : null}
      <LandingPage
        onSignIn={openSignIn}
        signupForm={
          <Suspense fallback={<SignupFormPlaceholder />}>
            <AuthCard initialMode="sign-up" />
          </Suspense>
        }
      />
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <SignInDialog
            key={dialog.key}
            open={dialog.open}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
            initialMode={dialog.view}
            initialError={dialog.error}
            purpose={copy?.purpose ?? null}
          />
        </Suspense>
      ) : null}
    </Suspense>
  )
}

/** Above the landing page while a shared blend waits to be copied: what to do, and the two ways to do it. */
function CopyRequestBar({ purpose, onSignIn, onSignUp }: { purpose: string; onSignIn: () => void; onSignUp: () => void }) {
  const t = useMessages()
  return (
    <div className="border-b border-border bg-primary-soft">
      <div className="page-container flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm font-medium text-foreground">
          {purpose}
        </p>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" onClick={onSignIn}>
            {t('landing.copy.signIn')}
          </Button>
          <Button size="sm" variant="outline" onClick={onSignUp}>
            {t('landing.copy.signUp')}
          </Button>
        </div>
      </div>
    </div>
  )
}
