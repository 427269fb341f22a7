import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from './e2e-api.ts'
import { expect } from './e2e-fixtures.ts'

// The routes the browser suite visits on every screen check (the axe scans of accessibility.spec.ts,
// the layout checks of language-layout.spec.ts) and the data that makes each show what it can.

/** Every route of docs/product.md §2, each with something that shows it has rendered. */
export const PUBLIC_ROUTES: [string, RegExp][] = [
  ['/', /Create beautiful essential oil blends/],
  ['/book', /Essential Oil Blending Guide/],
  ['/review-book', /review/i],
  ['/redeem', /Founding Reader Launch Discount/],
]
export const SIGNED_IN_ROUTES: [string, RegExp][] = [
  ['/', /Welcome/],
  ['/blend', /Create Your Perfect Blend/],
  ['/journal', /journal|blends/i],
  ['/glossary', /glossary|oils/i],
  ['/guidelines', /guideline/i],
  ['/testing', /test/i],
  ['/calculator', /calculat/i],
  ['/shelf', /Oil shelf/],
  ['/ingredients', /My ingredients/],
  ['/label', /Batch label/],
  ['/assessor-pack', /Safety assessor pack/],
  ['/account', /Account settings/],
  ['/no-such-page', /404 Page Not Found/],
  ['/book', /Essential Oil Blending Guide/],
  ['/redeem', /Founding Reader Launch Discount/],
]

/**
 * A blend with rated tests, so the journal's sparkline, the details' charts and the calculator's
 * picker are scanned too, and a second version, so the comparison of versions is; returns the
 * blend's details route and its comparison's.
 */
export async function seedRatedBlend(page: Page): Promise<[string, RegExp][]> {
  const headers = await bearerOf(page)
  const blend = await createBlendInPage(page)
  const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}`
  const id = await oilIds(page)
  // A lavender bottle with a declaration, so the label declares, and the others without, so it warns.
  // An ingredient of the maker's own, so /ingredients lists one (docs/product.md "Your own ingredients").
  const own = await page.request.post('/api/ingredients', {
    headers,
    data: { name: 'Bergamot FCF', basedOnOilId: id('Bergamot'), safety: { phototoxic: false, source: 'Supplier data sheet' } },
  })
  expect(own.status(), await own.text()).toBe(201)
  let lavenderId = 0
  for (const oil of ['Lavender', 'Bergamot']) {
    const bottle = await page.request.post('/api/shelf/bottles', {
      headers,
      data: { oilId: id(oil), unit: 'mL', size: 30, lotCode: `${oil.slice(0, 3).toUpperCase()}-1` },
    })
    expect(bottle.status(), await bottle.text()).toBe(201)
    if (oil !== 'Lavender') continue
    lavenderId = ((await bottle.json()) as { id: number }).id
    const declared = await page.request.put(`/api/shelf/bottles/${((await bottle.json()) as { id: number }).id}/declaration`, {
      headers,
      data: {
        basis: 'w/w',
        items: [
          { entryId: 'linalool', percent: 32.5 },
          { entryId: 'geraniol', percent: 0.01 },
        ],
      },
    })
    expect(declared.status(), await declared.text()).toBe(200)
    // A document on it, so the Documents dialog lists one (decision 080).
    const filed = await page.request.post(
      `/api/shelf/bottles/${((await bottle.json()) as { id: number }).id}/documents?kind=safety-data-sheet&name=lavender-sds.pdf`,
      { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    )
    expect(filed.status(), await filed.text()).toBe(201)
  }
  // A recorded batch, so the add-test form's Batch choice is scanned too, and its label.
  const batch = await page.request.post(`/api/blends/${blend.id}/batches`, {
    headers,
    data: { madeOn: day(1), productType: 'lotion', weight: 500, unit: 'g', oilPercentage: 1 },
  })
  expect(batch.status(), await batch.text()).toBe(201)
  const batchId = ((await batch.json()) as { id: number }).id
  const label = await page.request.put(`/api/blends/${blend.id}/batches/${batchId}/label`, {
    headers,
    data: { fragranceAs: 'inci', base: [] },
  })
  expect(label.status(), await label.text()).toBe(200)
  for (const [tested, rating] of [
    [3, 2],
    [8, 3],
    [15, 5],
  ] as const) {
    const entry = await page.request.post('/api/journal-entries', {
      headers,
      data: { versionId: blend.version.id, dateMade: day(1), dateTested: day(tested), rating, notes: `Day ${tested}` },
    })
    expect(entry.status(), await entry.text()).toBe(201)
  }
  const oil = (name: string, percentage: number) => ({ id: id(name), name, percentage })
  const second = await page.request.post('/api/blend-versions', {
    headers,
    data: { projectId: blend.id, topOils: [oil('Lemon', 40)], middleOils: [oil('Lavender', 40)], baseOils: [oil('Atlas Cedarwood', 20)] },
  })
  expect(second.status(), await second.text()).toBe(201)
  return [
    [`/journal?blend=${blend.id}`, /Evening Calm/],
    [`/journal?blend=${blend.id}&view=compare&a=a&b=b`, /Compare versions/],
    [`/label?blend=${blend.id}&version=${blend.version.id}&type=lotion&weight=500&unit=g&oil=2`, /Batch label/],
    [`/label?blend=${blend.id}&batch=${batchId}`, /Batch label/],
    // The lot's page with its batch, and the batch's page with its lots (issue 36).
    [`/shelf/bottles/${lavenderId}`, /Lavender, lot LAV-1/],
    [`/batches/${batchId}`, /^Batch /],
    [`/assessor-pack?version=${blend.version.id}&type=lotion&oil=2`, /Safety assessor pack/],
  ]
}

/** A second blend with a version made long ago, so Home's "Ready to test" list is scanned too (decision 038). */
export async function seedReadyBlend(page: Page) {
  const blend = await createBlendInPage(page, { name: 'Ready Rose' })
  const version = await page.request.post('/api/blend-versions', {
    headers: await bearerOf(page),
    data: { ...(await versionOf(page, blend.id)), dateMade: new Date(Date.UTC(2025, 0, 2, 9)).toISOString(), maturationPeriod: 48 },
  })
  expect(version.status(), await version.text()).toBe(201)
}

/** A version body copying the blend's first version's oils. */
async function versionOf(page: Page, blendId: number) {
  const detail = (await (await page.request.get(`/api/blends/${blendId}`, { headers: await bearerOf(page) })).json()) as {
    versions: { topOils: unknown[]; middleOils: unknown[]; baseOils: unknown[] }[]
  }
  const first = detail.versions[0]!
  return { projectId: blendId, topOils: first.topOils, middleOils: first.middleOils, baseOils: first.baseOils }
}
