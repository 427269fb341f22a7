import { expect, test, waitForHydration } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

// Decision 012: / (signed out), /book, /review-book and /redeem are prerendered at build time; their
// controls are islands (decision 066).

test.describe('prerendered public pages', () => {
  test('the HTML itself carries the page, its head tags and no inline script', async ({ request, baseURL }) => {
    for (const [path, h1, title] of [
      ['/', 'Create beautiful essential oil blends with confidence', 'Accord — essential oil blend designer'],
      ['/book', 'Essential Oil Blending Guide', 'Essential Oil Blending Guide · Accord'],
      ['/review-book', 'Leave a Review', 'Review the Essential Oil Blending Guide · Accord'],
      ['/redeem', 'Founding Reader Launch Discount', 'Founding Reader Launch Discount · Accord'],
    ] as const) {
      const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.headers()['content-encoding'], path).toBe('br')
      const html = await res.text()
      expect(html, path).toContain(`data-prerendered=`)
      expect(html, path).toContain(h1)
      expect(html.match(/<title>([^<]*)<\/title>/g), path).toEqual([`<title>${title}</title>`])
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}" />`)
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`)
      expect(html, path).toContain(`<meta property="og:image" content="${baseURL}/social-card.jpg" />`)
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}" \/>/)
      // The CSP forbids inline scripts: every script is a file.
      expect(html.match(/<script[^>]*>/g), path).toEqual([
        expect.stringMatching(/^<script type="module" src="\/assets\/boot-[0-9a-f]+\.js">$/),
      ])
      // The sign-up and redeem forms are not in the HTML: the browser could submit them before React handles them.
      expect(html, path).not.toContain('type="password"')
      expect(html, path).not.toContain('<form')
    }
    // The default build has no book facts configured (decision 015): the HTML links the store's
    // search for the title and has no author, testimonials or ASIN.
    const book = await (await request.get('/book')).text()
    expect(book).toContain('href="https://www.amazon.com/s?k=Essential+Oil+Blending+Guide"')
    expect(book).toContain('<meta name="description" content="Essential Oil Blending Guide: ')
    for (const absent of ['About the Author', 'What readers say', '/dp/', 'Mara Ellison', 'B0DQ5J7K2N']) expect(book).not.toContain(absent)
    const image = await request.get('/social-card.jpg')
    expect(image.headers()['content-type']).toBe('image/jpeg')
  })

  test('the build wrote each page in the pseudo-locale too, sent only on its cookie (decision 101)', async ({ request, baseURL }) => {
    const pseudo = /\[[^\]]*[À-ž][^\]]*\]/
    for (const path of ['/', '/book', '/review-book', '/redeem']) {
      const res = await request.get(path, { headers: { cookie: 'accord-pseudo-locale=en-XA', 'accept-encoding': 'br, gzip' } })
      expect(res.headers()['content-encoding'], path).toBe('br')
      expect(res.headers().vary, path).toContain('cookie')
      const html = await res.text()
      expect(html, path).toContain('<html lang="en-XA">')
      expect(html, path).toContain(`data-prerendered=`)
      // Its words, its head's too, are the pseudo-locale's (/book's title is the book's name).
      expect(/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1], path).toMatch(pseudo)
      if (path !== '/book') expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toMatch(pseudo)
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}" />`)
      // As every prerendered page: no inline script (the CSP), the forms left to the islands.
      expect(html.match(/<script[^>]*>/g), path).toEqual([
        expect.stringMatching(/^<script type="module" src="\/assets\/boot-[0-9a-f]+\.js">$/),
      ])
      expect(html, path).not.toContain('<form')
      // Never chosen by the browser's languages or as the device's language: English then.
      for (const headers of [{ 'accept-language': 'en-XA' }, { cookie: 'accord-language=en-XA' }] as Record<string, string>[]) {
        const english = await (await request.get(path, { headers })).text()
        expect(english, `${path} ${JSON.stringify(headers)}`).toContain('<html lang="en">')
      }
    }
    const landing = await (await request.get('/', { headers: { cookie: 'accord-pseudo-locale=en-XA' } })).text()
    expect(landing).toMatch(/<h1[^>]*>\[Çréáté béáütífül éššéñtíál öíl bléñdš wíth çöñfídéñçé[ ~]+\]<\/h1>/)
  })

  test('reads without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Join the Accord beta' })).toBeAttached()
    await expect(page.locator('#screenshots img').first()).toBeAttached()
    // The top bar's section links are real anchors.
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).click()
    await expect(page).toHaveURL(/#features$/)
    await page.goto('/book')
    await expect(page.getByRole('heading', { level: 1, name: 'Essential Oil Blending Guide' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Have the book\? Get 30% off app/ })).toHaveAttribute('href', '/redeem')
    // The review page's stores are links as they are; the redeem page says what it is for.
    await page.goto('/review-book')
    await expect(page.getByRole('link', { name: /Review on Amazon US/ })).toHaveAttribute('href', /amazon\.com/)
    await page.goto('/redeem')
    await expect(page.getByText(/Join the free beta now and get 30% off/)).toBeVisible()
    await context.close()
  })

  test('hydrates the HTML in place (no re-render, one title) and then responds', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('h1')
      })
    })
    await page.goto('/')
    await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true')
    const kept = await page.evaluate(() => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('h1'))
    expect(kept, 'the h1 the server sent is the one on screen').toBe(true)
    await expect(page.locator('title')).toHaveCount(1)
    // The sign-up form arrives once its section nears the screen, and the top bar's Sign In opens the dialog.
    await page.locator('#signup').scrollIntoViewIfNeeded()
    await expect(page.locator('#signup').getByRole('button', { name: 'Create Account' })).toBeVisible()
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  })

  test('a signed-in visitor at / gets Home, not the landing page', async ({ page }) => {
    await signUpInPage(page)
    await page.goto('/')
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered')
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible()
    // /book is the same page for everyone; from it, the app is one click away.
    await page.goto('/book')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Back to the app' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible()
  })
})
