import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CreateBlendSchema, CreateVersionSchema, type BlendVersion } from '#shared/api/blends.ts'
import {
  blendPayload,
  canSave,
  decideSave,
  parseUrlProject,
  sameName,
  versionPayload,
} from '#shared/domain/save-decision.ts'
import { withOil } from '#shared/domain/wizard.ts'
import { COMPLETE } from '#tests/support/oil-fixtures.ts'

const blends = [
  { id: 1, name: 'Evening Calm' },
  { id: 2, name: 'Morning Zest' },
]
const projects = [
  { id: 1, name: 'Evening Calm', blendNumber: 1, versions: [{ versionLetter: 'a' }, { versionLetter: 'b' }] as BlendVersion[] },
  { id: 2, name: 'Morning Zest', blendNumber: 2, versions: [{ versionLetter: 'a' }] as BlendVersion[] },
]

describe('the save decision', () => {
  it('posts a new blend when nothing matches the name', () => {
    expect(decideSave({ name: 'Forest Walk', urlProject: null, blends, projects })).toEqual({ kind: 'new-blend' })
    expect(decideSave({ name: 'Forest Walk', urlProject: null, blends: [], projects: [] })).toEqual({ kind: 'new-blend' })
  })

  it('saves a version of the project whose name matches, trimmed and ignoring case', () => {
    const decision = decideSave({ name: '  evening CALM ', urlProject: null, blends, projects })
    expect(decision).toEqual({ kind: 'version', project: projects[0] })
  })

  it('saves a version of the project in the URL, whatever the name', () => {
    const decision = decideSave({ name: 'Something New', urlProject: { id: 2, name: 'Morning Zest' }, blends, projects })
    expect(decision).toEqual({ kind: 'version', project: projects[1] })
  })

  it('trusts the URL’s project even when the lists do not hold it (the server decides)', () => {
    expect(decideSave({ name: 'X', urlProject: { id: 9, name: 'Nine' }, blends, projects })).toEqual({
      kind: 'version',
      project: { id: 9, name: 'Nine' },
    })
  })

  it('saves a version of a matching blend’s own project', () => {
    const renamed = [{ ...projects[1]!, name: 'Renamed Project' }]
    expect(decideSave({ name: 'morning zest', urlProject: null, blends, projects: renamed })).toEqual({
      kind: 'version',
      project: renamed[0],
    })
  })

  it('first creates a project for a matching blend that has none', () => {
    expect(decideSave({ name: 'Morning Zest', urlProject: null, blends, projects: [] })).toEqual({
      kind: 'project-then-version',
      blendId: 2,
      projectName: 'Morning Zest',
      description: 'Project created from existing blend 2',
    })
  })

  it('matches names trimmed and case-insensitively', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/)
    fc.assert(
      fc.property(name, fc.nat(3), fc.nat(3), (text, left, right) => {
        expect(sameName(`${' '.repeat(left)}${text.toUpperCase()}${' '.repeat(right)}`, text.toLowerCase())).toBe(true)
      }),
    )
    expect(sameName('Evening Calm', 'Evening Calm 2')).toBe(false)
  })
})

describe('what can be saved', () => {
  it('needs all three notes and a name that is not blank', () => {
    expect(canSave(COMPLETE, 'Evening Calm')).toBe(true)
    expect(canSave(COMPLETE, '   ')).toBe(false)
    expect(canSave(withOil(COMPLETE, 'Base', null), 'Evening Calm')).toBe(false)
  })
})

describe('the payloads', () => {
  it('posts a blend with one oil id per layer, 30/50/20, its unique effects and the notes', () => {
    const body = blendPayload(COMPLETE, { name: '  Citrus Garden ', notes: 'Bright and calm' })
    expect(body).toEqual({
      name: 'Citrus Garden',
      topNote: COMPLETE.topNote!.id,
      middleNote: COMPLETE.middleNote!.id,
      baseNote: COMPLETE.baseNote!.id,
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      notes: 'Bright and calm',
    })
    expect(CreateBlendSchema.safeParse(body).success).toBe(true)
  })

  it('sends blank notes as null', () => {
    expect(blendPayload(COMPLETE, { name: 'A', notes: '  ' }).notes).toBeNull()
  })

  it('posts a version with one oil per slot at the slot’s percentage and the wizard defaults', () => {
    const now = new Date('2025-03-01T10:00:00.000Z')
    const body = versionPayload(COMPLETE, { project: projects[0]!, notes: '', now })
    expect(body).toEqual({
      projectId: 1,
      versionLetter: 'c',
      referenceNumber: '001c',
      topOils: [{ id: COMPLETE.topNote!.id, name: 'Lemon', percentage: 30 }],
      middleOils: [{ id: COMPLETE.middleNote!.id, name: 'Lavender', percentage: 50 }],
      baseOils: [{ id: COMPLETE.baseNote!.id, name: 'Atlas Cedarwood', percentage: 20 }],
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      formulationNotes: null,
      testingNotes: null,
      rating: null,
      tested: false,
      dateMade: '2025-03-01T10:00:00.000Z',
      dateTested: null,
      maturationPeriod: 48,
      maturationComplete: false,
      crossContaminationPrevented: true,
      weighedInGrams: false,
    })
    expect(CreateVersionSchema.safeParse(body).success).toBe(true)
  })

  it('leaves the letter to the server when the project’s versions are unknown', () => {
    const body = versionPayload(COMPLETE, { project: { id: 7 }, notes: 'n', now: new Date() })
    expect(body).not.toHaveProperty('versionLetter')
    expect(body).not.toHaveProperty('referenceNumber')
    expect(CreateVersionSchema.safeParse(body).success).toBe(true)
  })

  it('refuses an incomplete blend', () => {
    expect(() => blendPayload(withOil(COMPLETE, 'Top', null), { name: 'A', notes: '' })).toThrow()
  })
})

describe('the project in the URL', () => {
  const params = (query: string) => new URLSearchParams(query)

  it('reads a numeric project id and its decoded name', () => {
    expect(parseUrlProject(params('project=12&projectName=Calm%20Evenings'))).toEqual({ id: 12, name: 'Calm Evenings' })
  })

  it('reads a project without a name', () => {
    expect(parseUrlProject(params('project=3'))).toEqual({ id: 3, name: null })
  })

  it.each(['', 'project=', 'project=abc', 'project=0', 'project=-2', 'project=1.5', 'projectName=X'])('ignores %j', (query) => {
    expect(parseUrlProject(params(query))).toBeNull()
  })
})
