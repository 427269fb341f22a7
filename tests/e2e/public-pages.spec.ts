import { expect, test } from '../support/e2e-fixtures.ts'

// The default build has no book facts configured (decision 015): no author, testimonials or ASIN,
// so the store links go to each store's search for the title.
const US_SEARCH = 'https://www.amazon.com/s?k=Essential+Oil+Blending+Guide'
const UK_SEARCH = 'https://www.amazon.co.uk/s?k=Essential+Oil+Blending+Guide'

test.describe('landing page top bar', () => {
  test('Features and Book + App scroll to their sections; Book opens /book', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const book = page.locator('#book')
    await expect(book).not.toBeInViewport()
    await nav.getByRole('link', { name: 'Book + App' }).click()
    await expect(book).toBeInViewport()
    await expect(book.getByRole('link', { name: /Explore the Book/ })).toBeVisible()

    await nav.getByRole('link', { name: 'Features' }).click()
    await expect(page.locator('#features')).toBeInViewport()
    await expect(page.getByRole('heading', { name: 'Guided blending', exact: true })).toBeInViewport()

    await nav.getByRole('link', { name: 'Book', exact: true }).click()
    await expect(page).toHaveURL(/\/book$/)
  })

  test('shows the walk-throughs, the screenshots and the free beta notice', async ({ page }) => {
    await page.goto('/')
    for (const name of [/Four ways to start/, /compatibility/, /Oil pairing/, /calculator/, /journal you can search/, /glossary/]) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
    }
    expect(await page.getByRole('button', { name: 'Start Free Beta' }).count()).toBeGreaterThanOrEqual(8)
    // The screenshots are real images of the app, lazy-loaded with their size set.
    const shots = page.locator('#screenshots img')
    await expect(shots).toHaveCount(3)
    for (const shot of await shots.all()) {
      await expect(shot).toHaveAttribute('loading', 'lazy')
      await expect(shot).toHaveAttribute('width', '800')
      await expect(shot).toHaveAttribute('height', '500')
      await expect(shot).toHaveAttribute('src', /^\/assets\/[\w-]+\.webp$/)
    }
    await page.getByRole('img', { name: /The blend creator choosing a middle note/ }).scrollIntoViewIfNeeded()
    await expect.poll(() => shots.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800)
    await expect(page.getByRole('heading', { name: 'Free Beta Access' })).toBeVisible()
    await expect(page.getByText(/30% off their first year of Pro/).first()).toBeVisible()
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /essential oil blends/)
  })
})

test.describe('public pages on a phone: only what is on screen is laid out first (issue 34)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })

  /** Whether each element is rendered now, or skipped by `content-visibility: auto` until it nears the screen. */
  const rendered = (page: import('@playwright/test').Page, selectors: string[]) =>
    page.evaluate(
      (list) => list.map((selector) => document.querySelector(selector)?.checkVisibility({ contentVisibilityAuto: true }) ?? null),
      selectors,
    )

  test('the landing page skips its sections below the fold, and Start Free Beta still lands on the form', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true')
    // The hero is on screen; the book and signup sections are thousands of pixels below it.
    expect(await rendered(page, ['#hero-title', '#book-title', '#signup-title'])).toEqual([true, false, false])
    // The sections passed on the way are laid out as they near the screen, taller or shorter than
    // their estimate: the scroll is finished from where the form ended up (below the sticky header).
    // The form itself loads on the press (its section is far from the screen, decision 066).
    const form = page.getByRole('form', { name: 'Create account' })
    await expect(form).toHaveCount(0)
    await page.getByRole('button', { name: 'Start Free Beta' }).first().click()
    await expect(form.getByRole('textbox').first()).toBeFocused()
    await expect
      .poll(async () => {
        const y = Math.round((await form.boundingBox())!.y)
        return y >= 64 && y < 823 * 0.6 ? 'settled' : `top at ${y}px`
      })
      .toBe('settled')
    expect(await rendered(page, ['#signup-title'])).toEqual([true])
  })

  test('/book skips its sections below the fold', async ({ page }) => {
    await page.goto('/book')
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true')
    expect(await rendered(page, ['#book-title', '#closing-title'])).toEqual([true, false])
    await page.locator('#closing-title').scrollIntoViewIfNeeded()
    await expect.poll(() => rendered(page, ['#closing-title'])).toEqual([true])
  })
})

test.describe('/book', () => {
  test('links: the retailer in a new tab without opener, the redeem and review pages, the app', async ({ page }) => {
    await page.goto('/book')
    await expect(page).toHaveTitle(/Essential Oil Blending Guide/)
    await expect(page.getByText('5.0 rating')).toBeVisible()
    const external = page.locator(`a[href="${US_SEARCH}"]`)
    expect(await external.count()).toBeGreaterThanOrEqual(3)
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    await expect(page.getByRole('link', { name: /Get on Amazon/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /Have the book\? Get 30% off app/ })).toHaveAttribute('href', '/redeem')
    await expect(page.getByRole('link', { name: /Back to the app/ })).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: 'Try the App' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', { name: /Buy Book/ })).toHaveAttribute('rel', 'noopener noreferrer')
    for (const name of [
      'Simplified Fragrance Wheel',
      'Practical Blending Guidelines',
      'Structured Approach',
      'Scent Profile Inspiration',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
    }
    await expect(page.getByText('Paperback published January 13, 2025').first()).toBeVisible()
    // Without configured facts the page leaves their sections out rather than invent them.
    await expect(page.getByText('About the Author')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'What readers say' })).toHaveCount(0)
    await expect(page.getByText(/^by /)).toHaveCount(0)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Essential Oil Blending Guide: /)
    await page.getByRole('link', { name: /Write a review/ }).click()
    await expect(page).toHaveURL(/\/review-book$/)
    await page.getByRole('link', { name: /Back to Book/ }).click()
    await page.getByRole('link', { name: /Claim your discount/ }).click()
    await expect(page).toHaveURL(/\/redeem$/)
  })
})

test.describe('/review-book in en-GB', () => {
  test.use({ locale: 'en-GB' })

  test('highlights the UK store and opens its search for the book in a new tab without opener', async ({ page, context }) => {
    // Keep the test off the real retailer: answer its pages locally.
    await context.route(/^https:\/\/www\.amazon\./, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>review</title>' }),
    )
    await page.goto('/review-book')
    await expect(page.getByText('Find the book, then choose Write a customer review.')).toBeVisible()
    await expect(page.getByText(/ASIN/)).toHaveCount(0)
    await expect(page.getByText(/about 1 minute/)).toBeVisible()
    const uk = page.getByRole('link', { name: /Amazon UK/ })
    await expect(uk).toHaveAttribute('data-highlighted', 'true')
    await expect(page.locator('a[data-highlighted]')).toHaveCount(1)
    await expect(uk).toHaveAttribute('href', UK_SEARCH)
    await expect(uk).toHaveAttribute('rel', 'noopener noreferrer')
    const [popup] = await Promise.all([page.waitForEvent('popup'), uk.click()])
    await expect(popup).toHaveURL(UK_SEARCH)
    expect(await popup.evaluate(() => window.opener)).toBeNull()
    await popup.close()
  })
})
