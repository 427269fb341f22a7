import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json } from '#client/testing/fake-fetch.ts'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'
import { accordUse, at, project, savedBlend, version } from '#client/testing/api-fixtures.ts'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { location, renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = listItem({ id: 2, name: 'Evening Calm (Version 1)' })
const v1 = version({ id: 21, projectId: 2, versionLetter: 'a' })
const v2 = version({ id: 22, projectId: 2, versionLetter: 'b' })
/** The blend's detail with these versions. */
const calmWith = (...versions: ReturnType<typeof version>[]) => detailOf({ ...calm, versionCount: versions.length }, versions)

/** Evening Calm with version a (or `versions`), the catalog, and any other routes. */
function api(routes: Parameters<typeof fakeBlendsApi>[1] = {}, versions = [v1]) {
  return fakeBlendsApi([{ ...calm, detail: calmWith(...versions) }], { 'GET /api/essential-oils': json(CATALOG_LIST), ...routes })
}

/** POST /api/blend-versions' answer: the version, what the save did, and the blend. */
const versioned = (v: ReturnType<typeof version>) => ({ ...v, outcome: 'versioned', blend: { id: 2, name: calm.name } })

const percentage = (name: string) => screen.getByRole('textbox', { name: `${name} percentage` })

async function openEditor() {
  renderJournal()
  const card = await screen.findByRole('article', { name: calm.name })
  await userEvent.click(within(card).getByRole('button', { name: 'Create new version' }))
  await screen.findByRole('heading', { level: 1, name: 'Modify Blend' })
  return screen.findByRole('textbox', { name: 'Lemon percentage' })
}

async function addOil(layer: 'top' | 'middle' | 'base', name: string) {
  const toggle = screen.getByRole('button', { name: `Add ${layer} note oil` })
  if (toggle.getAttribute('aria-expanded') !== 'true') await userEvent.click(toggle)
  const panel = await screen.findByRole('region', { name: `Add a ${layer} note oil` })
  await userEvent.click(within(panel).getByRole('button', { name: `Add ${name}` }))
}

describe('the Modify Blend editor', () => {
  setUpJournalTests()

  it('starts from the latest version, with an empty new name that suggests one, never the blend’s own', async () => {
    api({}, [v1, { ...v2, topOils: [at(CATALOG.lemon, 20), at(CATALOG.grapefruit, 10)] }])
    await openEditor()
    expect(percentage('Lemon')).toHaveValue('20')
    expect(percentage('Grapefruit')).toHaveValue('10')
    expect(percentage('Lavender')).toHaveValue('50')
    const name = screen.getByRole('textbox', { name: 'New blend name' })
    expect(name).toHaveValue('')
    expect(name).toHaveAttribute('placeholder', 'e.g. Evening Calm (2)')
    // Its first press can no longer save a version of this blend under its own name.
    expect(screen.getByRole('button', { name: 'Save as New Blend' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save Version' })).toBeEnabled()
    expect(screen.getByRole('status')).toHaveTextContent('100%')
  })

  it('splits a note equally when an oil is added, and shares it out when one is removed', async () => {
    api()
    await openEditor()
    await addOil('top', 'Bergamot')
    expect(percentage('Lemon')).toHaveValue('15')
    expect(percentage('Bergamot')).toHaveValue('15')
    await addOil('top', 'Grapefruit')
    expect([percentage('Lemon'), percentage('Bergamot'), percentage('Grapefruit')].map((i) => (i as HTMLInputElement).value)).toEqual([
      '10',
      '10',
      '10',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Remove Lemon' }))
    expect(percentage('Bergamot')).toHaveValue('15')
    expect(percentage('Grapefruit')).toHaveValue('15')
    expect(screen.queryByRole('textbox', { name: 'Lemon percentage' })).not.toBeInTheDocument()
  })

  it('offers only oils of the note not yet used; Compatible keeps those that suit the blend', async () => {
    api()
    await openEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Add base note oil' }))
    const panel = await screen.findByRole('region', { name: 'Add a base note oil' })
    const offered = () =>
      within(panel)
        .getAllByRole('button', { name: /^Add / })
        .map((b) => b.getAttribute('aria-label'))
    expect(offered()).toEqual(['Add Black Pepper', 'Add Frankincense', 'Add Ginger', 'Add Sandalwood', 'Add Vetiver'])
    await userEvent.click(within(panel).getByRole('button', { name: 'Compatible' }))
    expect(within(panel).getByRole('button', { name: 'Compatible' })).toHaveAttribute('aria-pressed', 'true')
    expect(offered()).toEqual(['Add Sandalwood'])
  })

  it('a total off by more than 0.1 disables both saves', async () => {
    api()
    const lemon = await openEditor()
    await userEvent.clear(lemon)
    await userEvent.type(lemon, '29.8')
    expect(screen.getByRole('status')).toHaveTextContent('99.8%')
    expect(screen.getByRole('status')).toHaveTextContent('Should total 100%')
    expect(screen.getByRole('button', { name: 'Save Version' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save as New Blend' })).toBeDisabled()
    await userEvent.clear(lemon)
    await userEvent.type(lemon, '29.9')
    expect(screen.getByRole('status')).not.toHaveTextContent('Should total 100%')
    expect(screen.getByRole('button', { name: 'Save Version' })).toBeEnabled()
    // A decimal comma is a decimal, never ten times the number (a number input read "2,5" as 25).
    await userEvent.clear(lemon)
    await userEvent.type(lemon, '29,5')
    expect(lemon).toHaveAttribute('inputmode', 'decimal')
    expect(screen.getByRole('status')).toHaveTextContent('99.5%')
  })

  it('Save as New Blend also needs a name', async () => {
    api()
    await openEditor()
    await userEvent.clear(screen.getByRole('textbox', { name: 'New blend name' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'New blend name' }), '   ')
    expect(screen.getByRole('button', { name: 'Save as New Blend' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save Version' })).toBeEnabled()
  })

  it('Save Version posts every oil, then shows the new version open in the details', async () => {
    const { callsTo } = api({
      'POST /api/blend-versions': json({ ...versioned(v2), topOils: [at(CATALOG.lemon, 15), at(CATALOG.bergamot, 15)] }, 201),
      // The blend, then the blend with its new version (saving invalidates it).
      'GET /api/blends/2': [json(calmWith(v1)), json(calmWith(v1, v2))],
    })
    await openEditor()
    await addOil('top', 'Bergamot')
    await userEvent.type(screen.getByRole('textbox', { name: 'Blend notes (optional)' }), 'Brighter')
    await userEvent.click(screen.getByRole('button', { name: 'Save Version' }))
    expect(await screen.findByRole('button', { name: 'Version 2 - 002b' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('button', { name: 'Version 1 - 002a' })).toHaveAttribute('aria-expanded', 'false')
    expect(callsTo('POST /api/blend-versions')[0]?.body).toEqual({
      projectId: 2,
      topOils: [at(CATALOG.lemon, 15), at(CATALOG.bergamot, 15)],
      middleOils: [at(CATALOG.lavender, 50)],
      baseOils: [at(CATALOG.cedarwood, 20)],
      accords: [],
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      formulationNotes: 'Brighter',
    })
    expect(toast.success).toHaveBeenCalledWith('Version Saved', expect.anything())
    expect(location.current?.search).toBe('?blend=2')
  })

  it('Save as New Blend posts the first oil of each note with the note sums', async () => {
    const created = savedBlend({ id: 3, name: 'Morning Calm' })
    const { callsTo } = api({
      'POST /api/blends': json({ ...created, outcome: 'created', version: version({ id: 31, projectId: 3, versionLetter: 'a' }) }, 201),
      'GET /api/blends/3': json(
        detailOf(listItem({ id: 3, name: 'Morning Calm' }), [version({ id: 31, projectId: 3, versionLetter: 'a' })]),
      ),
    })
    await openEditor()
    await addOil('top', 'Bergamot')
    const name = screen.getByRole('textbox', { name: 'New blend name' })
    await userEvent.clear(name)
    await userEvent.type(name, 'Morning Calm')
    await userEvent.click(screen.getByRole('button', { name: 'Save as New Blend' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Calm' })).toBeInTheDocument()
    expect(callsTo('POST /api/blends')[0]?.body).toMatchObject({
      name: 'Morning Calm',
      topNote: CATALOG.lemon.id,
      middleNote: CATALOG.lavender.id,
      baseNote: CATALOG.cedarwood.id,
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
    })
    expect(toast.success).toHaveBeenCalledWith('New Blend Created', expect.anything())
  })

  it('Save as New Blend words its toast from what the server did, not from the letter', async () => {
    // The server filed the name as a version of a blend the maker already has (decision 006).
    const existing = savedBlend({ id: 3, name: 'Morning Calm' })
    const made = version({ id: 31, projectId: 3, versionLetter: 'a', referenceNumber: '003a' })
    api({
      'POST /api/blends': json({ ...existing, outcome: 'versioned', version: made }, 201),
      'GET /api/blends/3': json(detailOf(listItem({ id: 3, name: 'Morning Calm' }), [made])),
    })
    await openEditor()
    const name = screen.getByRole('textbox', { name: 'New blend name' })
    await userEvent.clear(name)
    await userEvent.type(name, 'Morning Calm')
    await userEvent.click(screen.getByRole('button', { name: 'Save as New Blend' }))
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Version Saved', {
        description: 'You already have a blend called Morning Calm, so this became its version 003a.',
      }),
    )
    expect(toast.success).not.toHaveBeenCalledWith('New Blend Created', expect.anything())
  })

  it('saves once however fast Save Version and Save as New Blend are pressed', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { callsTo } = api({
      'POST /api/blend-versions': async () => {
        await answered
        return json(versioned(v2), 201)
      },
      'GET /api/blends/2': [json(calmWith(v1)), json(calmWith(v1, v2))],
    })
    await openEditor()
    await userEvent.type(screen.getByRole('textbox', { name: 'New blend name' }), 'Morning Calm')
    const [saveVersion, saveAsNew] = [
      screen.getByRole('button', { name: 'Save Version' }),
      screen.getByRole('button', { name: 'Save as New Blend' }),
    ]
    // Three presses before React renders again: only the ref guard can stop the others.
    act(() => {
      saveVersion.click()
      saveVersion.click()
      saveAsNew.click()
    })
    await waitFor(() => expect(callsTo('POST /api/blend-versions')).toHaveLength(1))
    answer()
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Version Saved', expect.anything()))
    expect(callsTo('POST /api/blend-versions')).toHaveLength(1)
    expect(callsTo('POST /api/blends')).toHaveLength(0)
    expect(callsTo('POST /api/blend-versions')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a double click of Save as New Blend creates one blend', async () => {
    const created = savedBlend({ id: 3, name: 'Morning Calm' })
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { callsTo } = api({
      'POST /api/blends': async () => {
        await answered
        return json({ ...created, outcome: 'created', version: version({ id: 31, projectId: 3, versionLetter: 'a' }) }, 201)
      },
      'GET /api/blends/3': json(
        detailOf(listItem({ id: 3, name: 'Morning Calm' }), [version({ id: 31, projectId: 3, versionLetter: 'a' })]),
      ),
    })
    await openEditor()
    await userEvent.type(screen.getByRole('textbox', { name: 'New blend name' }), 'Morning Calm')
    const saveAsNew = screen.getByRole('button', { name: 'Save as New Blend' })
    act(() => {
      saveAsNew.click()
      saveAsNew.click()
    })
    await waitFor(() => expect(callsTo('POST /api/blends')).toHaveLength(1))
    answer()
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('New Blend Created', expect.anything()))
    expect(callsTo('POST /api/blends')).toHaveLength(1)
  })

  it('reports a failed save and stays in the editor', async () => {
    api({ 'POST /api/blend-versions': json({ error: { code: 'INTERNAL', message: 'x' } }, 500) })
    await openEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Save Version' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save Failed', { description: 'Could not save the blend version. Please try again.' }),
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Modify Blend' })).toBeInTheDocument()
  })

  it('Cancel returns to where the editor was opened from', async () => {
    api()
    await openEditor()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Version' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('heading', { level: 1, name: calm.name })).toBeInTheDocument()
  })

  describe('accords (decision 073)', () => {
    const citrus = savedBlend({ id: 1, name: 'Citrus Dawn' })
    const citrusA = version({ id: 11, projectId: 1, versionLetter: 'a', topOils: [at(CATALOG.bergamot, 60)], middleOils: [], baseOils: [] })
    const citrusB = version({ id: 12, projectId: 1, versionLetter: 'b' })
    /** GET /api/blend-projects: Citrus Dawn with two versions, and Evening Calm itself (left out of the picker). */
    const projects = json([project(citrus, [citrusA, citrusB]), project(savedBlend({ id: 2, name: calm.name }), [v1])])

    async function pickAccord(layer: 'top' | 'middle' | 'base', name: string) {
      await userEvent.click(screen.getByRole('button', { name: `Add an accord to the ${layer} note` }))
      const panel = await screen.findByRole('region', { name: `Add an accord to the ${layer} note` })
      await userEvent.click(await within(panel).findByRole('button', { name: `Add ${name}` }))
    }

    it('adds one of my saved blend versions to a note, counts it in the totals and saves it as an accord', async () => {
      const { callsTo } = api({
        'GET /api/blend-projects': projects,
        'POST /api/blend-versions': json(versioned(v2), 201),
        'GET /api/blends/2': [json(calmWith(v1)), json(calmWith(v1, v2))],
      })
      await openEditor()
      await userEvent.click(screen.getByRole('button', { name: 'Add an accord to the middle note' }))
      const panel = await screen.findByRole('region', { name: 'Add an accord to the middle note' })
      // Newest version first; the blend being edited is not offered.
      expect(
        within(panel)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Add Citrus Dawn 001b', 'Add Citrus Dawn 001a'])
      await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search my accords' }), '001a')
      expect(within(panel).getAllByRole('button')).toHaveLength(1)
      await userEvent.click(within(panel).getByRole('button', { name: 'Add Citrus Dawn 001a' }))
      expect(percentage('Lavender')).toHaveValue('25')
      expect(percentage('Citrus Dawn 001a')).toHaveValue('25')
      expect(screen.getByRole('status')).toHaveTextContent('100%')
      await userEvent.click(screen.getByRole('button', { name: 'Save Version' }))
      await screen.findByRole('button', { name: 'Version 2 - 002b' })
      expect(callsTo('POST /api/blend-versions')[0]?.body).toMatchObject({
        middleOils: [at(CATALOG.lavender, 25)],
        accords: [{ layer: 'middle', versionId: 11, percentage: 25 }],
      })
    })

    it('a note of accords only can be saved; removing the accord empties it again', async () => {
      api({ 'GET /api/blend-projects': projects })
      await openEditor()
      await userEvent.click(screen.getByRole('button', { name: 'Remove Lavender' }))
      expect(screen.getByRole('button', { name: 'Save Version' })).toBeDisabled()
      await pickAccord('middle', 'Citrus Dawn 001b')
      expect(percentage('Citrus Dawn 001b')).toHaveValue('50')
      expect(screen.getByRole('button', { name: 'Save Version' })).toBeEnabled()
      await userEvent.click(screen.getByRole('button', { name: 'Remove Citrus Dawn 001b' }))
      expect(screen.getByText('No middle note oil yet. Add one below.')).toBeInTheDocument()
    })

    it('starts a version with accords from its own oils and its accords, not the flattened layers', async () => {
      const withAccord = version({
        id: 22,
        projectId: 2,
        versionLetter: 'b',
        middleOils: [at(CATALOG.lavender, 20), at(CATALOG.bergamot, 30)],
        ownOils: { topOils: [at(CATALOG.lemon, 30)], middleOils: [at(CATALOG.lavender, 20)], baseOils: [at(CATALOG.cedarwood, 20)] },
        accords: [accordUse({ versionId: 11, name: 'Citrus Dawn', referenceNumber: '001a', percentage: 30 })],
      })
      api({}, [v1, withAccord])
      await openEditor()
      expect(percentage('Lavender')).toHaveValue('20')
      expect(percentage('Citrus Dawn 001a')).toHaveValue('30')
      expect(screen.queryByRole('textbox', { name: 'Bergamot percentage' })).not.toBeInTheDocument()
    })

    it('shows a refusal in words next to the accord line and keeps everything typed', async () => {
      api({
        'GET /api/blend-projects': projects,
        'POST /api/blend-versions': json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Request validation failed',
              details: [
                {
                  path: 'body.accords[0].versionId',
                  message: 'Evening Calm cannot contain Citrus Dawn 001b, which contains Evening Calm: a blend cannot contain itself',
                },
              ],
            },
          },
          400,
        ),
      })
      await openEditor()
      await pickAccord('middle', 'Citrus Dawn 001b')
      await userEvent.type(screen.getByRole('textbox', { name: 'Blend notes (optional)' }), 'Keep me')
      await userEvent.click(screen.getByRole('button', { name: 'Save Version' }))
      const alert = await screen.findByText(/which contains Evening Calm: a blend cannot contain itself/)
      expect(alert).toHaveAttribute('role', 'alert')
      expect(screen.getByRole('button', { name: 'Remove Citrus Dawn 001b' })).toHaveAccessibleDescription(alert.textContent ?? '')
      expect(percentage('Citrus Dawn 001b')).toHaveValue('25')
      expect(screen.getByRole('textbox', { name: 'Blend notes (optional)' })).toHaveValue('Keep me')
      expect(toast.error).toHaveBeenCalledWith('Save Failed', {
        description: 'The refused accord is marked in its note; nothing you typed is lost.',
      })
      // Removing the refused accord takes its message with it.
      await userEvent.click(screen.getByRole('button', { name: 'Remove Citrus Dawn 001b' }))
      expect(screen.queryByText(/a blend cannot contain itself/)).not.toBeInTheDocument()
    })

    it('says so when no other saved blend can be used', async () => {
      api({ 'GET /api/blend-projects': json([project(savedBlend({ id: 2, name: calm.name }), [v1])]) })
      await openEditor()
      await userEvent.click(screen.getByRole('button', { name: 'Add an accord to the top note' }))
      expect(await screen.findByText('No other saved blend to use as an accord here.')).toBeInTheDocument()
    })
  })
})
