import type { BlendProject, BlendVersion, OilSummary, SavedBlend, VersionOil } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'

/** API-shaped blends, projects and entries for component and unit tests (journal, calculator). */

const summary = (oil: (typeof CATALOG)[keyof typeof CATALOG]): OilSummary => ({
  id: oil.id,
  slug: oil.slug,
  name: oil.name,
  latinName: oil.latinName,
  scentFamily: oil.scentFamily,
  noteType: oil.noteType,
  effects: oil.effects,
})
export const at = (oil: { id: number; name: string }, percentage: number): VersionOil => ({ id: oil.id, name: oil.name, percentage })

export function savedBlend(overrides: Partial<SavedBlend> & Pick<SavedBlend, 'id' | 'name'>): SavedBlend {
  return {
    topNote: summary(CATALOG.lemon),
    middleNote: summary(CATALOG.lavender),
    baseNote: summary(CATALOG.cedarwood),
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    effects: ['Uplifting'],
    notes: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    referenceNumber: `${String(overrides.id).padStart(3, '0')}a`,
    versionCount: 1,
    testCount: 0,
    oilNames: ['lemon', 'lavender', 'atlas cedarwood'],
    ...overrides,
  }
}

export function version(overrides: Partial<BlendVersion> & Pick<BlendVersion, 'id' | 'projectId' | 'versionLetter'>): BlendVersion {
  return {
    referenceNumber: `${String(overrides.projectId).padStart(3, '0')}${overrides.versionLetter}`,
    topOils: [at(CATALOG.lemon, 30)],
    middleOils: [at(CATALOG.lavender, 50)],
    baseOils: [at(CATALOG.cedarwood, 20)],
    accords: [],
    ownOils: null,
    effects: [],
    formulationNotes: 'First try',
    dateMade: '2025-03-01T10:00:00.000Z',
    dateTested: null,
    testingNotes: null,
    rating: null,
    tested: false,
    maturationPeriod: 48,
    maturationComplete: false,
    crossContaminationPrevented: true,
    weighedInGrams: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  }
}

export function project(blend: SavedBlend, versions: BlendVersion[]): BlendProject {
  return { id: blend.id, name: blend.name, description: null, blendNumber: blend.id, createdAt: blend.createdAt, versions }
}

export function entry(overrides: Partial<JournalEntry> & Pick<JournalEntry, 'id' | 'versionId' | 'projectId'>): JournalEntry {
  return {
    referenceNumber: `TB-00${overrides.projectId}a-${String(overrides.id).padStart(6, '0')}`,
    blendName: 'Evening Calm',
    dateMade: '2025-03-01',
    dateTested: '2025-03-04',
    batchId: null,
    notes: null,
    rating: null,
    tested: true,
    maturationPeriod: 48,
    maturationComplete: false,
    crossContaminationPrevented: true,
    weighedInGrams: false,
    topOils: [],
    middleOils: [],
    baseOils: [],
    createdAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  }
}
