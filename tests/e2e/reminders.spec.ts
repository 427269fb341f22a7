import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { mailsTo } from '../support/outbox.ts'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Reminders (decision 038): a maker turns e-mail reminders on, a version's maturation ends, the
 * server (polling every second here: tests/support/e2e-server.ts) mails them once, and the mail's
 * link opens that version's add-test form.
 */

/** The day `daysAgo` days before today where the browser is, YYYY-MM-DD. */
function localDay(page: Page, daysAgo: number): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date(Date.now() - n * 24 * 60 * 60 * 1000)
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  }, daysAgo)
}

test('e-mail reminders: turned on at /account, sent once when a maturation ends, linking to the add-test form', async ({ page }) => {
  const { email } = await signUpInPage(page, 'Rosa Damascena')
  await page.goto('/account')
  const reminders = page.getByRole('region', { name: 'Reminders' })
  const checkbox = reminders.getByRole('checkbox', { name: 'E-mail me when a blend is ready to test' })
  await expect(checkbox).not.toBeChecked()
  await checkbox.click()
  await expect(reminders.getByRole('status')).toHaveText('E-mail reminders are on.')
  await expect(checkbox).toBeChecked()
  // Push is asked for only from its button.
  await expect(reminders.getByText('add Accord to your Home Screen first')).toBeVisible()

  // A blend, then a version made three days ago that rests 48 hours: ready now.
  const blend = await createBlendInPage(page, { name: 'Morning Rose' })
  const id = await oilIds(page)
  const oil = (name: string, percentage: number) => ({ id: id(name), name, percentage })
  const made = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString()
  const res = await page.request.post('/api/blend-versions', {
    headers: await bearerOf(page),
    data: {
      projectId: blend.id,
      topOils: [oil('Bergamot', 30)],
      middleOils: [oil('Lavender', 50)],
      baseOils: [oil('Atlas Cedarwood', 20)],
      dateMade: made,
      maturationPeriod: 48,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const versionId = ((await res.json()) as { id: number }).id

  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1)
  const [mail] = mailsTo(email)
  expect(mail!.subject).toBe('Morning Rose is ready to test')
  // The link names the made day, so the form opens on it (decision 052).
  const madeOn = await localDay(page, 3)
  expect(mail!.link).toBe(`${process.env.E2E_BASE_URL}/journal?blend=${blend.id}&made=${madeOn}#add-test-${versionId}`)

  // Home lists it, with a one-tap way to the same form.
  await page.goto('/')
  const ready = page.getByRole('region', { name: 'Ready to test' })
  await expect(ready.getByText('Morning Rose')).toBeVisible()
  await expect(ready.getByRole('link', { name: 'Add test entry' })).toHaveAttribute(
    'href',
    `/journal?blend=${blend.id}&made=${madeOn}#add-test-${versionId}`,
  )

  // The mail's link opens the blend with that version's add-test form in view and focused.
  await page.goto(mail!.link!)
  const form = page.locator(`#add-test-${versionId}`)
  await expect(form).toBeInViewport()
  await expect(form.locator(':focus')).toHaveCount(1)
  await expect(form.getByLabel('Date made')).toHaveValue(madeOn)
  await expect(form.getByText('Tested on day 3')).toBeVisible()

  // Sent once: a few more polls send nothing more.
  await page.waitForTimeout(2500)
  expect(mailsTo(email)).toHaveLength(1)
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`Ready to test, Add test entry on a ${viewport.name}: the form opens on the batch made three days ago, and two taps log day 3`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await signUpInPage(page, 'Lavandula Angustifolia')
    const blend = await createBlendInPage(page, { name: 'Soap Run' })
    const id = await oilIds(page)
    const oil = (name: string, percentage: number) => ({ id: id(name), name, percentage })
    const headers = await bearerOf(page)
    // A second version, made into a batch of soap three days ago (recorded today: "Mark as made" takes the day).
    const version = await page.request.post('/api/blend-versions', {
      headers,
      data: {
        projectId: blend.id,
        topOils: [oil('Lemon', 30)],
        middleOils: [oil('Lavender', 50)],
        baseOils: [oil('Atlas Cedarwood', 20)],
        maturationPeriod: 48,
      },
    })
    expect(version.status(), await version.text()).toBe(201)
    const versionId = ((await version.json()) as { id: number }).id
    const madeOn = await localDay(page, 3)
    const made = await page.request.post(`/api/blends/${blend.id}/batches`, {
      headers,
      data: { versionId, madeOn, productType: 'cold-process-soap', weight: 500, unit: 'g', oilPercentage: 2 },
    })
    expect(made.status(), await made.text()).toBe(201)
    const batchId = ((await made.json()) as { id: number }).id

    await page.goto('/')
    const ready = page.getByRole('region', { name: 'Ready to test' })
    await expect(ready.getByText('Soap Run')).toBeVisible()
    // Tap one.
    await ready.getByRole('link', { name: 'Add test entry' }).click()
    const form = page.locator(`#add-test-${versionId}`)
    await expect(form).toBeInViewport()
    await expect(form.getByLabel('Batch')).toHaveValue(String(batchId))
    await expect(form.getByLabel('Date made')).toHaveValue(madeOn)
    await expect(form.getByText('Tested on day 3')).toBeVisible()
    // Tap two.
    await form.getByRole('button', { name: 'Add Test Entry' }).click()
    await expect(page.getByText(new RegExp(`Tested .+ · day 3`))).toBeVisible()
    // The next entry keeps the made day.
    await expect(form.getByLabel('Date made')).toHaveValue(madeOn)
    // Another day typed by hand leaves the batch; the batch's own "Add test entry" opens the form on it again.
    await form.getByLabel('Date made').fill(await localDay(page, 1))
    await expect(form.getByLabel('Batch')).toHaveValue('')
    await page.getByRole('link', { name: /^Add test entry for batch / }).click()
    await expect(form.getByLabel('Batch')).toHaveValue(String(batchId))
    await expect(form.getByLabel('Date made')).toHaveValue(madeOn)
    await expect(form).toBeInViewport()

    // Tested since it was made: Home no longer lists it.
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/me/ready')
    await page.goto('/')
    expect(((await (await answered).json()) as { count: number }).count).toBe(0)
    await expect(page.getByRole('region', { name: 'Ready to test' })).toHaveCount(0)
  })
}
