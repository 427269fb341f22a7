import '#client/lib/zod-config.ts'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Providers } from '#client/app/providers.tsx'
import { AppRouter } from '#client/app/router.tsx'
import { bootData, keepServerSkeleton } from '#client/lib/boot-data.ts'
import { loadSession, setSignedOut, signInFromPage } from '#client/lib/session.ts'
import { PRERENDERED_PAGES } from '#shared/config/prerendered-pages.ts'
import '#client/styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A prerendered page (decision 012) names itself; the server sends a signed-out-only page (the
// landing page) only to a request without a session cookie, so the app starts from that state.
const prerendered = PRERENDERED_PAGES.find((page) => page.name === root.dataset.prerendered)
if (prerendered?.signedOutOnly) setSignedOut()

// A signed-in page's HTML names its user (decision 035); otherwise ask who is signed in while
// React renders (the spinner, or the prerendered page).
if (!signInFromPage(bootData()?.user)) void loadSession()

// A signed-in page's painted top (decision 034) stays on screen while the app's code loads.
keepServerSkeleton(root)

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
)
// A prerendered page's boot script imports this module once the page has painted.
if (prerendered) hydrateRoot(root, app)
// As a transition, the first render is split into short slices, so a slow phone's main thread
// is never blocked by it for long (Total Blocking Time, docs/quality.md).
else startTransition(() => createRoot(root).render(app))
