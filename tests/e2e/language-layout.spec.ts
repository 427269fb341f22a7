import type { Page, TestInfo } from '@playwright/test'
import { bearerOf } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { consentPath, registerE2eClient } from '../support/e2e-oauth.ts'
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, seedRatedBlend, seedReadyBlend } from '../support/e2e-routes.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Every route at 390 px in the pseudo-locale (English accented and about 40 % longer, decision 101)
 * and in German, the longest real language (issue 37): nothing wider than the page, no text cut
 * off, no two controls on top of each other; a screenshot of each is attached for a person to look
 * at (no pixels are compared).
 */
const PHONE = { width: 390, height: 844 }

/** The device setting that shows the pseudo-locale in English's place (src/client/lib/i18n.ts). */
const PSEUDO = { key: 'accord-pseudo-locale', tag: 'en-XA' }

/**
 * Faults the pseudo-locale finds that are not fixed yet (listed in decision 101): each stays
 * visible in the report and screenshots; any other fault fails the test. None is open now: the
 * header's gaps, the account page's wrapping buttons and the tables' scrollers fixed the last four.
 */
const OPEN_PSEUDO_FAULTS: RegExp[] = []

/** Words in the pseudo-locale: in brackets, with accented letters. */
const PSEUDO_WORDS = /\[[^\]]*[À-ž][^\]]*\]/

type Check = { problems: string[]; shots: number }

/** What the page shows now that does not fit: measured in the page, one line per fault. */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const faults: string[] = []
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)
      const name = el.getAttribute('aria-label') ?? text
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`
    }
    // Visually hidden on purpose (the skip link until it is focused: `sr-only`, a clipped 1 px box);
    // fixed in place (a toast, a floating bar). Each element's answer is kept: the walks share ancestors.
    const kept = new Map<Element, { clipped: boolean; fixed: boolean }>()
    const placed = (el: Element | null): { clipped: boolean; fixed: boolean } => {
      if (!el) return { clipped: false, fixed: false }
      let known = kept.get(el)
      if (!known) {
        const style = getComputedStyle(el)
        const parent = placed(el.parentElement)
        known = {
          clipped: parent.clipped || style.clipPath.startsWith('inset(50%') || (style.clip !== 'auto' && style.clip !== ''),
          fixed: parent.fixed || style.position === 'fixed',
        }
        kept.set(el, known)
      }
      return known
    }
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !el.closest('[aria-hidden="true"], [inert]') &&
      !placed(el).clipped

    // Nothing wider than the page.
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth > width) {
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => shown(el) && el.getBoundingClientRect().right > width + 1)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
        .slice(0, 5)
        .map(describe)
      faults.push(`the page is ${scrollWidth} px wide: ${wide.join(', ')}`)
    }

    // No text clipped: an element showing text of its own that is wider than its box, its overflow hidden.
    for (const el of document.querySelectorAll('body *')) {
      if (/^(INPUT|TEXTAREA|SELECT|OPTION|SCRIPT|STYLE|TEMPLATE)$/.test(el.tagName)) continue
      if (![...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '')) continue
      const box = el as HTMLElement
      if (box.clientWidth <= 1 || box.scrollWidth <= box.clientWidth + 1) continue
      const style = getComputedStyle(el)
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis'
      // A maker's own data cut with an ellipsis on purpose, its whole text in its title, is allowed.
      const whole = style.textOverflow === 'ellipsis' && el.getAttribute('title') === (el.textContent ?? '').trim()
      if (clips && !whole && shown(el)) faults.push(`text clipped (${box.scrollWidth} > ${box.clientWidth} px): ${describe(el)}`)
    }

    // No two controls overlapping (one inside the other is a control and its part, not an overlap).
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [role="option"], [tabindex]:not([tabindex="-1"])'
    const controls = [...document.querySelectorAll(CONTROLS)]
      .filter(shown)
      .map((el) => ({ el, rect: el.getBoundingClientRect(), floating: placed(el).fixed }))
      .filter(({ rect }) => rect.width > 1 && rect.height > 1)
    for (let i = 0; i < controls.length; i++)
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!
        const b = controls[j]!
        if (a.floating !== b.floating || a.el.contains(b.el) || b.el.contains(a.el)) continue
        // A text field's own button drawn inside its box (a combobox's toggle) is a part of it.
        const inside = (outer: DOMRect, inner: DOMRect) =>
          inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1
        if ((a.el.tagName === 'INPUT' && inside(a.rect, b.rect)) || (b.el.tagName === 'INPUT' && inside(b.rect, a.rect))) continue
        const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left)
        const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top)
        if (across > 1 && down > 1)
          faults.push(`controls overlap by ${Math.round(across)}x${Math.round(down)} px: ${describe(a.el)} and ${describe(b.el)}`)
      }
    return faults
  }, PHONE.width)
}

/** Lazy sections loaded and entrance transitions over, as the axe scan waits (accessibility.spec.ts). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Opens a route, waits until the app has drawn it in the language (the server's painted top, in
 * English, gone), checks it and attaches its screenshot.
 */
async function checkRoute(page: Page, testInfo: TestInfo, check: Check, name: string, path: string, lang: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('[data-skeleton]')).toHaveCount(0)
  // A page the server prerendered (the book's, signed in too) is in the language asked for from its
  // first byte: the pseudo-locale's page too, asked for by its cookie (decision 101).
  await expect(page.locator('html'), path).toHaveAttribute('lang', lang)
  await settle(page)
  const faults = await layoutFaults(page)

  check.problems.push(...faults.map((fault) => `${name} ${path}: ${fault}`))
  // Named by the route's path without its query (a consent page's is long), numbered in visiting order.
  const shot = `${name}-${String(++check.shots).padStart(2, '0')}${path.split('?')[0]!.replace(/\W+/g, '-')}`.replace(/-$/, '')
  const file = testInfo.outputPath(`${shot}.png`)
  // The phone's screen as a maker first sees it (a full page of the glossary takes seconds to take).
  await page.screenshot({ path: file })
  await testInfo.attach(shot, { path: file, contentType: 'image/png' })
}

/** Every signed-in route, with the data that fills them, the consent page with it. */
async function signedInRoutes(page: Page): Promise<string[]> {
  const blendRoutes = await seedRatedBlend(page)
  await seedReadyBlend(page)
  const consent = await consentPath(page, await registerE2eClient('Asking Assistant'))
  return [...SIGNED_IN_ROUTES, ...blendRoutes].map(([path]) => path).concat(consent)
}

test.describe('every route at 390 px', () => {
  test.use({ viewport: PHONE })

  test('in the pseudo-locale: nothing wider than the page, no text clipped, no controls overlapping', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000)
    await page.addInitScript(({ key, tag }) => localStorage.setItem(key, tag), PSEUDO)
    // The server sends its prerendered public pages in the pseudo-locale only on this cookie.
    await page.context().addCookies([{ name: PSEUDO.key, value: PSEUDO.tag, url: baseURL! }])
    const check: Check = { problems: [], shots: 0 }
    // The public pages as the server prerendered them in the pseudo-locale: their words accented and
    // padded from the first byte, not English (the landing page's h1 in full).
    for (const [path, english] of PUBLIC_ROUTES) {
      await checkRoute(page, testInfo, check, 'pseudo-signed-out', path, PSEUDO.tag)
      await expect(page.locator('[data-prerendered]'), path).toHaveCount(1)
      await expect(page.locator('main'), path).toContainText(PSEUDO_WORDS)
      // /book's heading is the book's title, a name the same in every language.
      if (path === '/book') continue
      const heading = page.getByRole('heading', { level: 1 }).first()
      await expect(heading, path).toHaveText(PSEUDO_WORDS)
      await expect(heading, path).not.toHaveText(english)
    }
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Çréáté béáütífül éššéñtíál öíl bléñdš wíth çöñfídéñçé[ ~]+\]$/)
    await signUpInPage(page)
    const routes = await signedInRoutes(page)
    for (const path of routes) await checkRoute(page, testInfo, check, 'pseudo', path, PSEUDO.tag)
    // The pseudo-locale's words are what was drawn: accented and padded, not English.
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[Åççöüñt šéttíñgš[ ~]+\]$/)
    const open = check.problems.filter((problem) => OPEN_PSEUDO_FAULTS.some((fault) => fault.test(problem)))
    if (open.length > 0) await testInfo.attach('open faults', { body: open.join('\n'), contentType: 'text/plain' })
    expect(check.problems.filter((problem) => !open.includes(problem))).toEqual([])
  })

  test.describe('in German', () => {
    test.use({ locale: 'de-DE' })

    test('nothing wider than the page, no text clipped, no controls overlapping', async ({ page }, testInfo) => {
      test.setTimeout(300_000)
      const check: Check = { problems: [], shots: 0 }
      for (const [path] of PUBLIC_ROUTES) await checkRoute(page, testInfo, check, 'de-signed-out', path, 'de')
      await signUpInPage(page)
      const saved = await page.request.put('/api/me/settings', { headers: await bearerOf(page), data: { language: 'de' } })
      expect(saved.status(), await saved.text()).toBe(200)
      const routes = await signedInRoutes(page)
      for (const path of routes) await checkRoute(page, testInfo, check, 'de', path, 'de')
      await page.goto('/account')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontoeinstellungen')
      expect(check.problems).toEqual([])
    })
  })
})
