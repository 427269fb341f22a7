import { expect, type Page } from '@playwright/test'

/** The page's signed-in user as an API caller: a bearer header from the session cookie. */
export async function bearerOf(page: Page): Promise<{ authorization: string }> {
  const res = await page.request.get('/api/auth/token')
  expect(res.ok(), 'the page is signed in').toBe(true)
  const { token } = (await res.json()) as { token: string }
  return { authorization: `Bearer ${token}` }
}

/** Looks catalog oils up by name: the id of each, for request bodies. */
export async function oilIds(page: Page): Promise<(name: string) => number> {
  const oils = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  return (name: string) => {
    const oil = oils.find((o) => o.name === name)
    if (!oil) throw new Error(`no oil named ${name} in the catalog`)
    return oil.id
  }
}

export type NewBlend = {
  name?: string
  /** Top, middle and base oil names, by default Bergamot, Lavender and Atlas Cedarwood. */
  oils?: readonly [string, string, string]
  effects?: string[]
  notes?: string | null
}

/**
 * Saves a blend through the API as the page's user, at 30/50/20 ('Evening Calm', Bergamot /
 * Lavender / Atlas Cedarwood unless told otherwise); returns its project id and first version's id.
 */
export async function createBlendInPage(page: Page, blend: NewBlend = {}): Promise<{ id: number; version: { id: number } }> {
  const {
    name = 'Evening Calm',
    oils: [top, middle, base] = ['Bergamot', 'Lavender', 'Atlas Cedarwood'],
    effects = [],
    notes = null,
  } = blend
  const id = await oilIds(page)
  const res = await page.request.post('/api/blends', {
    headers: await bearerOf(page),
    data: {
      name,
      topNote: id(top),
      middleNote: id(middle),
      baseNote: id(base),
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects,
      notes,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: number; version: { id: number } }
}
