import type { CreateBlend, CreateVersion, SavedBlend, BlendVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { bearer, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/** Looks oils up by name in the seeded catalog. */
export async function oilsByName(t: TestAppHandle): Promise<Record<string, EssentialOil>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/essential-oils' })
  return Object.fromEntries((res.json() as EssentialOil[]).map((o) => [o.name, o]))
}

export function blendBody(oils: Record<string, EssentialOil>, overrides: Partial<CreateBlend> = {}): CreateBlend {
  return {
    name: 'Evening Calm',
    topNote: oils.Bergamot!.id,
    middleNote: oils.Lavender!.id,
    baseNote: oils['Atlas Cedarwood']!.id,
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    effects: ['Relaxing', 'Uplifting'],
    notes: 'First try',
    ...overrides,
  }
}

export function versionBody(
  oils: Record<string, EssentialOil>,
  projectId: number,
  overrides: Partial<CreateVersion> = {},
): CreateVersion {
  const o = (name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })
  return {
    projectId,
    topOils: [o('Bergamot', 15), o('Lemon', 15)],
    middleOils: [o('Lavender', 50)],
    baseOils: [o('Atlas Cedarwood', 20)],
    effects: ['Relaxing'],
    formulationNotes: 'Brighter top',
    ...overrides,
  }
}

export async function createBlend(t: TestAppHandle, user: TestUser, body: CreateBlend) {
  const res = await t.app.inject({ method: 'POST', url: '/api/blends', headers: bearer(user.token), payload: body })
  if (res.statusCode !== 201) throw new Error(`create blend failed: ${res.statusCode} ${res.body}`)
  return res.json() as SavedBlend & { version: BlendVersion }
}
