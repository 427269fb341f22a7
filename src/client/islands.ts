// The prerendered public pages' script (decision 066): the boot script imports it after the first
// paint instead of the app's entry. The page stays the HTML the build rendered; this gives its few
// controls their behaviour: in-page links and Start Free Beta scroll, Sign In opens the sign-in
// dialog, and the sign-up form is mounted into its place once its section nears the screen; on /review-book
// the visitor's store is suggested, and on /redeem the claim's form is rendered into its place.
// The React parts (the dialog, the forms, the app after signing in) load on demand
// (app/public-islands.tsx, app/redeem-island.tsx).
// First: the schema library the sign-up form loads must find its CSP-safe setting in place.
import '#client/lib/zod-config.ts'
import { ISLAND, ISLAND_SELECTOR, showIslandFailure, takeEarlyClicks } from '#client/lib/islands.ts'
import { scrollToSection } from '#client/lib/scroll-to-section.ts'
import { track } from '#client/lib/track.ts'
import { LANGUAGE_SWITCHER_ATTRIBUTE, rememberOnDevice } from '#client/lib/device-language.ts'
import { languageOf } from '#shared/i18n/languages.ts'
import { SECTION_IDS, START_SIGNUP } from '#client/features/landing/section-ids.ts'
import { REDEEM_CLAIM_ID } from '#client/features/redeem/claim-id.ts'
import { reviewStoreForLanguage } from '#shared/domain/review-store.ts'
import type { ReviewStore } from '#shared/config/book.ts'

/**
 * How far below the screen the sign-up section starts loading its form: about a phone's screen
 * and a half, so a visitor scrolling down finds it there, and its code is fetched and evaluated
 * before the section shows.
 */
const SIGNUP_MARGIN_PX = 1200

/** A task of its own for what follows, so a phone's main thread can answer a press in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

let accountParts: Promise<typeof import('#client/app/public-islands.tsx')> | null = null
/**
 * The React parts, their code evaluated a piece per task (React, the form and its schemas, the
 * dialog and the rest) rather than in one long task of several hundred ms on a slow phone.
 */
function loadAccountParts() {
  accountParts ??= (async () => {
    await import('react-dom/client')
    await nextTask()
    await import('#client/features/auth/components/auth-card.tsx')
    await nextTask()
    const parts = await import('#client/app/public-islands.tsx')
    await parts.languageReady
    return parts
  })()
  // A part that could not be fetched is asked for again at the next press.
  accountParts.catch(() => {
    accountParts = null
  })
  return accountParts
}

async function answer(control: HTMLElement): Promise<void> {
  switch (control.dataset.island) {
    case ISLAND.signIn: {
      const parts = await loadAccountParts().catch(() => null)
      if (!parts) return showIslandFailure(null)
      document.querySelector('body > [data-island-failure]')?.remove()
      parts.openSignIn(control)
      return
    }
    case ISLAND.startSignup: {
      // The form first, so the cursor lands in its first field.
      const form = document.getElementById(SECTION_IDS.signupForm)
      if (form) await mountSignupForm(form)
      scrollToSection(...START_SIGNUP)
      return
    }
  }
}

/** The sign-up form in its place; Reload there if its code cannot be fetched. */
async function mountSignupForm(place: HTMLElement): Promise<void> {
  try {
    await (await loadAccountParts()).mountSignupForm(place)
  } catch {
    showIslandFailure(place)
  }
}

const root = document.getElementById('root')

document.addEventListener('click', (event) => {
  // Once someone signs in the app renders the page (app/public-islands.tsx) and answers its own presses.
  if (!root?.dataset.prerendered) return
  if (event.defaultPrevented || !(event.target instanceof Element)) return
  const control = event.target.closest<HTMLElement>(ISLAND_SELECTOR)
  if (control) {
    event.preventDefault()
    void answer(control)
    return
  }
  // A section link is a real #anchor; with script it scrolls smoothly and moves the focus.
  const link = event.target.closest<HTMLAnchorElement>('a[data-section]')
  if (link?.dataset.section && scrollToSection(link.dataset.section)) event.preventDefault()
  // /review-book: a store's link opens as it is; the press is reported.
  const store = event.target.closest<HTMLAnchorElement>('a[data-review-store]')?.dataset.reviewStore
  if (store) track('review_store_click', { store: store as ReviewStore })
})

// The landing page's language switcher (decision 093): the server serves the page in the device's
// language (its cookie), so a choice is kept on the device and the page comes again in it, at
// the same address.
document.addEventListener('change', (event) => {
  if (!root?.dataset.prerendered || !(event.target instanceof HTMLSelectElement)) return
  if (!event.target.hasAttribute(LANGUAGE_SWITCHER_ATTRIBUTE)) return
  const language = languageOf(event.target.value)
  if (!language) return
  rememberOnDevice(language)
  window.location.reload()
})

/**
 * /review-book: the build highlighted the store for no language in particular; the one to suggest
 * is the visitor's. The links are alike but for the highlight, so they trade their classes and the
 * note that says why.
 */
function suggestReviewStore(): void {
  const highlighted = document.querySelector<HTMLAnchorElement>('a[data-review-store][data-highlighted]')
  const store = reviewStoreForLanguage(navigator.language)
  const suggested = document.querySelector<HTMLAnchorElement>(`a[data-review-store="${store}"]`)
  if (!highlighted || !suggested || highlighted === suggested) return
  const note = highlighted.querySelector('[data-suggested-note]')
  const label = suggested.querySelector('[data-store-label]')
  ;[highlighted.className, suggested.className] = [suggested.className, highlighted.className]
  delete highlighted.dataset.highlighted
  suggested.dataset.highlighted = 'true'
  if (note && label) label.append(note)
}
suggestReviewStore()

// /redeem: the claim (the form, then its answer) in place of its placeholder, as soon as the page
// has painted (it is the page's purpose), its code evaluated a piece per task.
const redeemClaim = document.getElementById(REDEEM_CLAIM_ID)
if (redeemClaim)
  void (async () => {
    await import('react-dom/client')
    await nextTask()
    const { mountRedeemClaim } = await import('#client/app/redeem-island.tsx')
    await mountRedeemClaim(redeemClaim)
  })().catch(() => showIslandFailure(redeemClaim))

// The sign-up form, once its section nears the screen (decision 066, amended): its code (React, the
// form library) is the page's largest part, and a visitor who reads only the top of the page never
// waits for it. The section is watched rather than the form's place: its content is skipped while
// it is off screen (`below-fold`), the section's own box is not. Start Free Beta mounts it on its
// press, whatever the scroll; Sign In loads the same code for its dialog.
const signupForm = document.getElementById(SECTION_IDS.signupForm)
if (signupForm) {
  const mount = () => void mountSignupForm(signupForm)
  const section = document.getElementById(SECTION_IDS.signup) ?? signupForm
  if (typeof IntersectionObserver === 'function') {
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        watch.disconnect()
        mount()
      },
      { rootMargin: `${SIGNUP_MARGIN_PX}px 0px` },
    )
    watch.observe(section)
  } else window.setTimeout(mount, 1500)
}

for (const control of takeEarlyClicks()) void answer(control)

// The page responds: browser tests wait for this mark (tests/support/e2e-fixtures.ts).
if (root?.dataset.prerendered) root.dataset.hydrated = 'true'
