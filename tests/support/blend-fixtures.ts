import { sql } from 'kysely'
import type { CreateBlend, CreateVersion, SavedBlend, BlendVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { nameSortKey } from '#shared/domain/journal-list.ts'
import { referenceNumber, testEntryReference } from '#shared/domain/references.ts'
import type { Db } from '#server/db/db.ts'
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

export function versionBody(oils: Record<string, EssentialOil>, projectId: number, overrides: Partial<CreateVersion> = {}): CreateVersion {
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

/** A blend as seedJournal writes it: its name and how many test entries it has. */
export type SeedBlend = { name: string; tests?: number }

/**
 * Writes a user's journal straight into the tables, in batches (the API path is covered
 * elsewhere): one project per blend, numbered from `firstNumber`, each with version a (Bergamot 30,
 * Lavender 50, Vetiver 20) and `tests` test entries. Returns the project ids in number order.
 */
export async function seedJournal(
  db: Db,
  userId: string,
  blends: readonly SeedBlend[],
  options: { firstNumber?: number } = {},
): Promise<number[]> {
  const now = new Date().toISOString()
  const first = options.firstNumber ?? 1
  const oil = (id: number, name: string, percentage: number) => JSON.stringify([{ id, name, percentage }])
  const ids: number[] = []
  await db.kysely.transaction().execute(async (trx) => {
    for (let start = 0; start < blends.length; start += 500) {
      const chunk = blends.slice(start, start + 500)
      const projects = await trx
        .insertInto('blend_projects')
        .values(
          chunk.map((b, i) => ({
            user_id: userId,
            number: first + start + i,
            name: b.name.trim(),
            name_key: b.name.trim().toLowerCase(),
            name_sort: nameSortKey(b.name),
            description: null,
            version_count: 1,
            created_at: now,
          })),
        )
        .returning(['id', 'number'])
        .execute()
      projects.sort((a, b) => a.number - b.number)
      ids.push(...projects.map((p) => p.id))
      const versions = await trx
        .insertInto('blend_versions')
        .values(
          projects.map((p) => ({
            project_id: p.id,
            user_id: userId,
            version_letter: 'a',
            reference_number: referenceNumber(p.number, 'a'),
            top_oils: oil(1, 'Bergamot', 30),
            middle_oils: oil(2, 'Lavender', 50),
            base_oils: oil(3, 'Vetiver', 20),
            oil_names: 'bergamot|lavender|vetiver',
            effects: '["Relaxing"]',
            formulation_notes: null,
            testing_notes: null,
            rating: null,
            tested: 0,
            date_made: now,
            date_tested: null,
            maturation_period: 48,
            maturation_complete: 0,
            cross_contamination_prevented: 1,
            weighed_in_grams: 0,
            created_at: now,
          })),
        )
        .returning(['id', 'project_id', 'reference_number'])
        .execute()
      const byProject = new Map(projects.map((p, i) => [p.id, chunk[i]!]))
      const entries = versions.flatMap((v) =>
        Array.from({ length: byProject.get(v.project_id)?.tests ?? 0 }, (_, k) => ({
          user_id: userId,
          project_id: v.project_id,
          version_id: v.id,
          reference_number: testEntryReference(v.reference_number, v.id * 10 + k),
          // A test entry's dates are calendar days (decision 036).
          date_made: now.slice(0, 10),
          date_tested: now.slice(0, 10),
          notes: 'Softened nicely after two days',
          rating: (k % 5) + 1,
          tested: 1,
          maturation_period: 48,
          maturation_complete: 1,
          cross_contamination_prevented: 1,
          weighed_in_grams: 0,
          created_at: now,
        })),
      )
      for (let i = 0; i < entries.length; i += 500)
        await trx
          .insertInto('journal_entries')
          .values(entries.slice(i, i + 500))
          .execute()
    }
    await trx
      .insertInto('user_sequences')
      .values({ user_id: userId, last_project_number: first + blends.length - 1, data_version: 1 })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ last_project_number: first + blends.length - 1, data_version: sql`user_sequences.data_version + 1` }),
      )
      .execute()
  })
  return ids
}

/** A small valid Accord export (docs/export-format.md) for POST /api/import. */
export const exportFileBody = (oils: Record<string, EssentialOil>) => {
  const oil = (name: string, percentage: number) => ({ slug: oils[name]!.slug, name, percentage })
  const at = '2026-11-01T10:00:00.000Z'
  return {
    format: 'accord-export',
    version: 1,
    exportedAt: at,
    profile: { name: 'Hostile', email: 'hostile@example.com' },
    settings: {},
    oils: [],
    blends: [
      {
        id: 7,
        name: 'Imported',
        description: null,
        blendNumber: 1,
        createdAt: at,
        versions: [
          {
            id: 8,
            versionLetter: 'a',
            referenceNumber: '001a',
            topOils: [oil('Bergamot', 30)],
            middleOils: [oil('Lavender', 50)],
            baseOils: [oil('Vetiver', 20)],
            effects: [],
            formulationNotes: null,
            testingNotes: null,
            rating: null,
            dateMade: at,
            dateTested: null,
            tested: false,
            maturationPeriod: 48,
            maturationComplete: false,
            crossContaminationPrevented: true,
            weighedInGrams: false,
            createdAt: at,
          },
        ],
        testEntries: [],
      },
    ],
  }
}
