import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { mailsTo } from '../support/outbox.ts'
import { bearerOf, oilIds } from '../support/e2e-api.ts'
import { chooseOption } from '../support/e2e-select.ts'
import { englishPhrases, englishShown } from '../support/english-left.ts'

/**
 * Issue 37's "done when", tried as a new user would: a German maker signs up, blends, journals,
 * calculates, prints a German label for a lotion and gets a German reminder e-mail, and meets no
 * English word of the interface on the way (INCI names aside). At each stop the page's visible text
 * is checked against every English phrase of the catalogs that German words differently.
 */

test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' })
test.describe.configure({ timeout: 120_000 })

const ENGLISH = englishPhrases('de')

/** The page shows no English phrase of the interface (waiting for the page to settle first). */
async function noEnglish(page: Page, where: string) {
  await page.waitForLoadState('networkidle')
  if (!latinAndInci) {
    const oils = (await (await page.request.get('/api/essential-oils')).json()) as { latinName: string; inciName: string }[]
    latinAndInci = oils.flatMap((oil) => [oil.latinName, oil.inciName])
  }
  expect(await englishShown(page, ENGLISH, latinAndInci), `English left on ${where}`).toEqual([])
}
let latinAndInci: string[] | undefined

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

test('a German maker signs up, blends, journals, calculates, prints a German label and gets a German reminder, meeting no English', async ({
  page,
}) => {
  // Sign up on the prerendered landing page, in German.
  await page.goto('/')
  await noEnglish(page, 'the landing page')
  await page.getByRole('button', { name: 'Kostenlose Beta starten' }).first().click()
  const form = page.getByRole('form', { name: 'Konto erstellen' })
  const email = `e2e-journey-${Date.now()}@example.com`
  await form.getByLabel('Name').fill('Greta Krause')
  await form.getByLabel('E-Mail').fill(email)
  await form.getByLabel('Passwort').fill('Lavendel-2026')
  await form.getByRole('button', { name: 'Konto erstellen' }).click()
  await expect(page.getByText('Willkommen bei Accord!')).toBeVisible()
  await noEnglish(page, 'Home')

  // Blend: Bergamot, Lavender and Atlas Cedarwood in the wizard, saved to the journal.
  await page.goto('/blend')
  await expect(heading(page, 'Kreieren Sie Ihre perfekte Mischung')).toBeVisible()
  await noEnglish(page, 'the creator')
  await chooseOption(page, page.getByRole('combobox', { name: 'Ätherisches Öl' }), /\(Citrus bergamia\)/)
  await page.getByRole('button', { name: 'Mischung beginnen' }).click()
  await page.getByRole('button', { name: 'Ja, als Kopfnote hinzufügen' }).click()
  await expect(heading(page, 'Mischung zusammenstellen')).toBeVisible()
  await page.getByRole('button', { name: /Herznote wählen/ }).click()
  await noEnglish(page, 'the middle note picker')
  await page.getByRole('button', { name: /^Lavendel auswählen$/ }).click()
  await page.getByRole('button', { name: /Basisnote wählen/ }).click()
  await page.getByRole('button', { name: /^Atlaszeder auswählen$/ }).click()
  await page.getByRole('button', { name: 'Weiter zur Zusammenfassung' }).click()
  await expect(heading(page, 'Zusammenfassung Ihrer Mischung')).toBeVisible()
  await noEnglish(page, 'the summary')
  await page.getByRole('textbox', { name: /Name/ }).first().fill('Abendruhe')
  await page.getByRole('button', { name: 'Im Journal speichern' }).click()
  await expect(page.locator('[data-sonner-toast]').getByText('Mischung im Journal gespeichert!')).toBeVisible()

  // Journal: the blend and its details.
  await expect(page).toHaveURL(/\/journal/)
  await expect(page.getByText('Abendruhe').first()).toBeVisible()
  await noEnglish(page, 'the journal')
  await page.getByRole('button', { name: 'Details ansehen' }).first().click()
  await expect(page).toHaveURL(/\/journal\?blend=\d+/)
  await expect(page.getByRole('main').getByText('Lavendel', { exact: true }).first()).toBeVisible()
  await noEnglish(page, 'the blend’s details')

  // Calculator: a 500 g lotion at 2 %, then its label.
  await page.goto('/calculator')
  await expect(heading(page, 'Projektrechner')).toBeVisible()
  await page.getByRole('combobox', { name: 'Mischung', exact: true }).fill('Abend')
  await page.getByRole('option', { name: /Abendruhe/ }).click()
  await page.getByRole('combobox', { name: 'Produktart' }).selectOption({ label: 'Lotion / Creme' })
  await page.getByRole('textbox', { name: 'Gesamtgewicht des Produkts' }).fill('500')
  await page.getByRole('textbox', { name: 'Anteil an ätherischem Öl' }).fill('2')
  await expect(page.getByText('10,00 g').first()).toBeVisible()
  // The safety check of a leave-on product speaks German too.
  await noEnglish(page, 'the calculator')
  await page.getByRole('link', { name: 'Etikett', exact: true }).click()
  await expect(heading(page, 'Chargenetikett')).toBeVisible()
  await noEnglish(page, 'the label screen')

  // The label sheet, in German (the label's language follows the interface's), read back from its PDF.
  await expect(page.getByRole('combobox', { name: 'Sprache des Etiketts' })).toHaveValue('de')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Etikettenbogen drucken' }).click()
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'accord-de-')), 'etiketten.pdf')
  await (await download).saveAs(file)
  const sheet = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(sheet).toContain('Abendruhe')
  expect(sheet).toContain('Lotion / Creme · 500 g')
  // The particulars in German; "Ingredients:" and the INCI names stay as the regulation has them.
  expect(sheet).toContain('Nach dem Öffnen: 12M')
  expect(sheet).toContain('Ingredients: ')
  expect(sheet).not.toMatch(/Batch:|After opening|Not for sale|Allergens:/)

  // Reminders on at /account, then a version made three days ago that rested 48 hours: the
  // reminder e-mail, read from the outbox, is German.
  await page.goto('/account')
  await expect(heading(page, 'Kontoeinstellungen')).toBeVisible()
  await noEnglish(page, 'the account page')
  const reminders = page.getByRole('region', { name: 'Erinnerungen' })
  await reminders.getByRole('checkbox', { name: 'Per E-Mail benachrichtigen, wenn eine Mischung bereit zum Testen ist' }).click()
  await expect(reminders.getByRole('status')).toHaveText('E-Mail-Erinnerungen sind eingeschaltet.')
  const id = await oilIds(page)
  const blends = await page.request.get('/api/blends', { headers: await bearerOf(page) })
  const blend = ((await blends.json()) as { items: { id: number }[] }).items[0]!
  const oil = (name: string, percentage: number) => ({ id: id(name), name, percentage })
  const version = await page.request.post('/api/blend-versions', {
    headers: await bearerOf(page),
    data: {
      projectId: blend.id,
      topOils: [oil('Bergamot', 30)],
      middleOils: [oil('Lavender', 50)],
      baseOils: [oil('Atlas Cedarwood', 20)],
      dateMade: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
      maturationPeriod: 48,
    },
  })
  expect(version.status(), await version.text()).toBe(201)
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1)
  const [mail] = mailsTo(email)
  expect(mail!.subject).toBe('Abendruhe ist bereit zum Testen')
  expect(mail!.text).toContain('Hallo Greta Krause,')
  expect(mail!.text).toContain('ist bereit zum Testen')
  expect(mail!.text).not.toMatch(/ready to test|Add test entry/)

  // Home lists it, in German.
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Bereit zum Testen' }).getByText('Abendruhe')).toBeVisible()
  await noEnglish(page, 'Home with a blend ready')
})
