import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { currentUrl, renderWizard, wizardHeading as heading } from '#client/features/blend-creator/testing/render-wizard.tsx'
import { CATALOG, COMPLETE, composition } from '#tests/support/oil-fixtures.ts'

beforeEach(() => {
  blendDraftStore.getState().reset()
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

const back = () => userEvent.click(screen.getByRole('button', { name: 'Browser Back' }))
const forward = () => userEvent.click(screen.getByRole('button', { name: 'Browser Forward' }))

function onSummary(name = 'Evening Calm') {
  blendDraftStore.setState({ currentStep: 3, composition: COMPLETE, blendName: name, startingPoint: { type: 'note-type', value: 'Top' } })
}

describe('the step and the layer in the address', () => {
  it('names the place of a bare /blend, keeping the blend of the address', async () => {
    onSummary()
    renderWizard('/blend?project=4&projectName=Calm')
    await heading('Your Blend Summary')
    expect(currentUrl()).toBe('/blend?project=4&projectName=Calm&step=3')
  })

  it('opens the place the address names, whatever step the draft was on', async () => {
    onSummary()
    renderWizard('/blend?step=2&layer=base')
    await heading('Select Your Base Note')
    expect(blendDraftStore.getState().currentStep).toBe(2)
  })

  it('walks the steps with Back and Forward', async () => {
    const user = userEvent.setup()
    renderWizard()
    await heading('Create Your Perfect Blend')
    expect(currentUrl()).toBe('/blend?step=1')

    await user.click(await screen.findByRole('button', { name: /^Top/ }))
    await heading('Select Your Top Note')
    expect(currentUrl()).toBe('/blend?step=2&layer=top')
    await user.click(await screen.findByRole('button', { name: 'Select Lemon' }))
    await heading('Build Your Blend')
    // The picker the start opened gives way to the progress: Back from here is step 1.
    expect(currentUrl()).toBe('/blend?step=2')

    await user.click(screen.getByRole('button', { name: /Choose a Middle Note/ }))
    await heading('Select Your Middle Note')
    expect(currentUrl()).toBe('/blend?step=2&layer=middle')
    await back()
    await heading('Build Your Blend')
    await forward()
    await heading('Select Your Middle Note')
    // Choosing closes the picker by going back to the progress it came from, so Back does not reopen it.
    await user.click(await screen.findByRole('button', { name: 'Select Lavender' }))
    await heading('Build Your Blend')
    expect(currentUrl()).toBe('/blend?step=2')

    await user.click(screen.getByRole('button', { name: /Choose a Base Note/ }))
    await user.click(await screen.findByRole('button', { name: 'Select Atlas Cedarwood' }))
    await user.click(await screen.findByRole('button', { name: 'Continue to Summary' }))
    await heading('Your Blend Summary')
    expect(currentUrl()).toBe('/blend?step=3')

    await back()
    await heading('Build Your Blend')
    await back()
    await heading('Create Your Perfect Blend')
    expect(blendDraftStore.getState().currentStep).toBe(1)
    await forward()
    await heading('Build Your Blend')
    await forward()
    await heading('Your Blend Summary')
    // The draft was never touched by moving about.
    expect(blendDraftStore.getState().composition).toMatchObject({
      topNote: CATALOG.lemon,
      middleNote: CATALOG.lavender,
      baseNote: CATALOG.cedarwood,
    })
  })

  it('shows step 1 for a fresh draft at an address of a later step', async () => {
    renderWizard('/blend?step=3')
    await heading('Create Your Perfect Blend')
    expect(currentUrl()).toBe('/blend?step=1')
  })
})

describe('swapping a layer’s oil', () => {
  it('opens the picker from any filled layer card, and puts the new oil in its place', async () => {
    const user = userEvent.setup()
    blendDraftStore.setState({ currentStep: 2, composition: COMPLETE, startingPoint: { type: 'note-type', value: 'Top' } })
    renderWizard('/blend?step=2')
    await heading('Build Your Blend')
    // Not only in edit mode: the card itself, and its button.
    await user.click(screen.getByText('Lavender'))
    await heading('Select Your Middle Note')
    await back()
    await heading('Build Your Blend')
    await user.click(screen.getByRole('button', { name: 'Change oil for the Middle Note' }))
    await heading('Select Your Middle Note')
    expect(screen.getByText('Choosing a replacement')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Select Geranium' }))
    await heading('Build Your Blend')
    expect(blendDraftStore.getState().composition).toMatchObject({
      topNote: CATALOG.lemon,
      middleNote: CATALOG.geranium,
      baseNote: CATALOG.cedarwood,
    })
  })
})

describe('an oil already in another layer', () => {
  function pickMiddleWithBergamotOnTop() {
    blendDraftStore.setState({
      currentStep: 2,
      composition: composition({ topNote: CATALOG.bergamot, baseNote: CATALOG.sandalwood }),
      startingPoint: { type: 'note-type', value: 'Top' },
    })
    renderWizard('/blend?step=2&layer=middle')
  }
  const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('article')!

  it('is marked in the picker, and the others are not', async () => {
    pickMiddleWithBergamotOnTop()
    expect(within(await card('Bergamot')).getByText('in your top')).toBeInTheDocument()
    expect(within(await card('Lavender')).queryByText(/in your/)).not.toBeInTheDocument()
  })

  it('asks before going in a second layer; cancelling keeps the picker', async () => {
    const user = userEvent.setup()
    pickMiddleWithBergamotOnTop()
    await user.click(await screen.findByRole('button', { name: 'Select Bergamot' }))
    const dialog = await screen.findByRole('dialog', { name: 'Use Bergamot twice?' })
    expect(dialog).toHaveTextContent('Bergamot is already in your top note.')
    await user.click(within(dialog).getByRole('button', { name: 'Choose another oil' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await heading('Select Your Middle Note')
    expect(blendDraftStore.getState().composition.middleNote).toBeNull()
  })

  it('goes in both layers once confirmed', async () => {
    const user = userEvent.setup()
    pickMiddleWithBergamotOnTop()
    await user.click(within(await card('Bergamot')).getByText(CATALOG.bergamot.description))
    const dialog = await screen.findByRole('dialog', { name: 'Use Bergamot twice?' })
    await user.click(within(dialog).getByRole('button', { name: 'Use it as the Middle Note too' }))
    await heading('Build Your Blend')
    expect(blendDraftStore.getState().composition).toMatchObject({ topNote: CATALOG.bergamot, middleNote: CATALOG.bergamot })
  })
})

describe('the proportions on the summary', () => {
  const field = (layer: string) => screen.getByRole('textbox', { name: `${layer} note percentage` })

  it('starts at 30/50/20 and holds saving until the layers total 100 within 0.1', async () => {
    const user = userEvent.setup()
    onSummary()
    renderWizard()
    await heading('Your Blend Summary')
    expect(field('Top')).toHaveValue('30')
    expect(field('Middle')).toHaveValue('50')
    expect(field('Base')).toHaveValue('20')
    const save = screen.getByRole('button', { name: 'Save to Journal' })
    const reset = screen.getByRole('button', { name: 'Reset to 30/50/20' })
    expect(reset).toBeDisabled()

    await user.clear(field('Top'))
    await user.type(field('Top'), '35')
    expect(screen.getByText('Should total 100%')).toBeInTheDocument()
    expect(screen.getByText('105%')).toBeInTheDocument()
    expect(save).toBeDisabled()

    await user.clear(field('Middle'))
    await user.type(field('Middle'), '45.1')
    // 100.1 is within the tolerance.
    expect(screen.queryByText('Should total 100%')).not.toBeInTheDocument()
    expect(save).toBeEnabled()
    expect(blendDraftStore.getState().composition).toMatchObject({ topPercentage: 35, middlePercentage: 45.1, basePercentage: 20 })
    // The note cards show the new shares.
    expect(screen.getByText('35%')).toBeInTheDocument()

    await user.click(reset)
    expect(field('Top')).toHaveValue('30')
    expect(blendDraftStore.getState().composition).toMatchObject({ topPercentage: 30, middlePercentage: 50, basePercentage: 20 })
  })

  describe('saving', () => {
    beforeEach(() => {
      resetAuthClient()
      setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
    })
    afterEach(() => setSignedOut())

    it('saves the adjusted percentages, then opens the journal with a fresh draft', async () => {
      const user = userEvent.setup()
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'POST /api/blends': json(
          {
            id: 1,
            name: 'Evening Calm',
            outcome: 'created',
            version: { id: 9, projectId: 1, versionLetter: 'a', referenceNumber: '001a' },
          },
          201,
        ),
      })
      onSummary()
      renderWizard()
      await heading('Your Blend Summary')
      await user.clear(field('Top'))
      await user.type(field('Top'), '25')
      await user.clear(field('Base'))
      await user.type(field('Base'), '25')
      await user.click(screen.getByRole('button', { name: 'Save to Journal' }))
      expect(await screen.findByText('Blend saved to journal!')).toBeInTheDocument()
      expect(api.callsTo('POST /api/blends')[0]!.body).toMatchObject({ topPercentage: 25, middlePercentage: 50, basePercentage: 25 })
      // No second save from the summary while the journal is on its way, nor after a reload.
      expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled()
      expect(localStorage.getItem('accord-blend-draft')).toBeNull()
      await screen.findByRole('heading', { level: 1, name: 'Journal' }, { timeout: 3000 })
      await vi.waitFor(() =>
        expect(blendDraftStore.getState()).toMatchObject({
          blendName: '',
          startingPoint: { type: null },
          composition: { topNote: null, topPercentage: 30 },
        }),
      )
      expect(api.callsTo('POST /api/blends')).toHaveLength(1)

      // Back to the summary's address: the saved blend is not there to save again.
      await back()
      await heading('Create Your Perfect Blend')
      expect(currentUrl()).toBe('/blend?step=1')
    })
  })
})

describe('Create New Blend on the summary', () => {
  it('asks before discarding a complete blend that is not saved', async () => {
    const user = userEvent.setup()
    onSummary('Evening Calm')
    renderWizard()
    await user.click(await screen.findByRole('button', { name: 'Create New Blend' }))
    let dialog = await screen.findByRole('dialog', { name: 'Discard this blend?' })
    expect(dialog).toHaveTextContent('“Evening Calm” is not saved.')
    await user.click(within(dialog).getByRole('button', { name: 'Keep this blend' }))
    await heading('Your Blend Summary')
    expect(blendDraftStore.getState().blendName).toBe('Evening Calm')

    await user.click(screen.getByRole('button', { name: 'Create New Blend' }))
    dialog = await screen.findByRole('dialog', { name: 'Discard this blend?' })
    await user.click(within(dialog).getByRole('button', { name: 'Discard and start over' }))
    await heading('Create Your Perfect Blend')
    expect(currentUrl()).toBe('/blend?step=1')
    expect(blendDraftStore.getState()).toMatchObject({ blendName: '', composition: { topNote: null } })
  })
})

describe('the picker on a phone', () => {
  it('shows the results first, with the filters and the guide behind Filters', async () => {
    const user = userEvent.setup()
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }))
    blendDraftStore.setState({
      currentStep: 2,
      composition: composition({ topNote: CATALOG.lemon }),
      startingPoint: { type: 'note-type', value: 'Top' },
    })
    renderWizard('/blend?step=2&layer=middle')
    await heading('Select Your Middle Note')
    expect(await screen.findByRole('list', { name: 'Middle note oils' })).toBeInTheDocument()
    expect(screen.queryByPlaceholderText('Search oil names...')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Scent-Family Compatibility' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Filters' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(sheet).getByRole('heading', { name: 'Scent-Family Compatibility' })).toBeInTheDocument()
    await user.type(within(sheet).getByPlaceholderText('Search oil names...'), 'lav')
    await user.click(within(sheet).getByRole('button', { name: 'Show 1 oil' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Showing 1 oil for Middle Note matching “lav”')).toBeInTheDocument()
    // The button says how many filters are on.
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeInTheDocument()
  })
})
