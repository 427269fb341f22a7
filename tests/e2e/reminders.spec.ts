import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '../support/e2e-fixtures.ts'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Reminders (decision 038): a maker turns e-mail reminders on, a version's maturation ends, the
 * server (polling every second here: tests/support/e2e-server.ts) mails them once, and the mail's
 * link opens that version's add-test form.
 */

type Mail = { to: string; subject: string; text: string; link?: string }

function mailsTo(to: string): Mail[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === to)
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
  expect(mail!.link).toBe(`${process.env.E2E_BASE_URL}/journal?blend=${blend.id}#add-test-${versionId}`)

  // Home lists it, with a one-tap way to the same form.
  await page.goto('/')
  const ready = page.getByRole('region', { name: 'Ready to test' })
  await expect(ready.getByText('Morning Rose')).toBeVisible()
  await expect(ready.getByRole('link', { name: 'Add test entry' })).toHaveAttribute('href', `/journal?blend=${blend.id}#add-test-${versionId}`)

  // The mail's link opens the blend with that version's add-test form in view and focused.
  await page.goto(mail!.link!)
  const form = page.locator(`#add-test-${versionId}`)
  await expect(form).toBeInViewport()
  await expect(form.locator(':focus')).toHaveCount(1)

  // Sent once: a few more polls send nothing more.
  await page.waitForTimeout(2500)
  expect(mailsTo(email)).toHaveLength(1)
})
