import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { BlendCreatorPage } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { currentUrl, renderWizard as renderPage, wizardHeading as heading } from '#client/features/blend-creator/testing/render-wizard.tsx'
import { CATALOG, CATALOG_LIST, COMPLETE } from '#tests/support/oil-fixtures.ts'

beforeEach(() => {
  blendDraftStore.getState().reset()
  // jsdom does not scroll; the wizard scrolls to the top when the view changes.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})
afterEach(() => localStorage.clear())

describe('step 1', () => {
  it('shows the progress and enables Start Your Blend only once an effect is ticked', async () => {
    const user = userEvent.setup()
    renderPage()
    await heading('Create Your Perfect Blend')
    expect(screen.getByText('1 / 3')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Blend progress' })).toHaveAttribute('aria-valuenow', '1')
    const start = screen.getByRole('button', { name: 'Start Your Blend' })
    expect(start).toBeDisabled()

    await user.click(screen.getByRole('checkbox', { name: 'Relaxing' }))
    expect(start).toBeEnabled()
    await user.click(screen.getByRole('checkbox', { name: 'Relaxing' }))
    expect(start).toBeDisabled()
  })

  it('starts at once from a note type card', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: /^Base/ }))
    await heading('Select Your Base Note')
    expect(screen.getByText('2 / 3')).toBeInTheDocument()
  })

  it('hints which families blend with the chosen scent family', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('radio', { name: 'Citrus' }))
    expect(screen.getByText('Blends well with: Woody, Floral, Herbal, Spicy, Earthy, Minty, Resinous, Camphoraceous')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start Your Blend' }))
    await heading('Select Your Top Note')
    // A scent-family start keeps the first note to its family.
    expect(await screen.findByText('Showing 3 oils for Top Note')).toBeInTheDocument()
  })
})

describe('in German', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('shows the wizard in the maker’s language, with no English left', async () => {
    await activateLanguage('de')
    const user = userEvent.setup()
    renderPage()
    await heading('Kreieren Sie Ihre perfekte Mischung')
    expect(screen.getByText('Schritt', { exact: false })).toHaveTextContent('Schritt 1 / 3')
    expect(screen.getByRole('button', { name: 'Mischung beginnen' })).toBeDisabled()
    expect(screen.getByText('Wählen Sie oben einen Ausgangspunkt')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Basisnote/ }))
    await heading('Wählen Sie Ihre Basisnote')
    expect(screen.getByRole('option', { name: 'Nach Name sortieren' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Zurück zum Start/ })).toBeInTheDocument()
    for (const english of ['Create Your Perfect Blend', 'Start Your Blend', 'Select Your Base Note', 'Back to Start', 'Sort by Name']) {
      expect(screen.queryByText(english), english).not.toBeInTheDocument()
    }
  })
  it('words the summary’s scent profile in German, with the families’ German names', async () => {
    await activateLanguage('de')
    blendDraftStore.setState({
      currentStep: 3,
      composition: COMPLETE,
      blendName: 'Abendruhe',
      startingPoint: { type: 'note-type', value: 'Top' },
    })
    renderPage()
    await heading('Zusammenfassung Ihrer Mischung')
    const profile = screen.getByText('Duftprofil').nextElementSibling
    expect(profile).toHaveTextContent('Kopfnote: Zitrus, Herznote: Blumig, Basisnote: Holzig.')
    expect(screen.queryByText(/\btop\b|\bheart\b|\bbase\b/)).not.toBeInTheDocument()
  })
})

describe('the oil picker', () => {
  async function openMiddlePicker() {
    const user = userEvent.setup()
    blendDraftStore.getState().start({ type: 'effect', value: ['Energising', 'Relaxing'] })
    blendDraftStore.getState().setNoteOil('Top', CATALOG.lemon)
    renderPage('/blend?step=2&layer=middle')
    await heading('Select Your Middle Note')
    await screen.findByText('Showing 7 oils for Middle Note')
    return user
  }

  it('lists the compatible oils of the layer and filters them by name', async () => {
    const user = await openMiddlePicker()
    expect(await screen.findByText('Showing 7 oils for Middle Note')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'LAV')
    expect(screen.getByText('Showing 1 oil for Middle Note matching “LAV”')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear Search' }))
    expect(screen.getByText('Showing 7 oils for Middle Note')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'zzz')
    expect(screen.getByText('No oils found matching your criteria')).toBeInTheDocument()
  })

  it('says how many oils the scent-family rule hides, and shows them when asked', async () => {
    const user = userEvent.setup()
    // Bergamot and Lavender (issue 31): in the base, the Spicy oils are not compatible with Floral.
    blendDraftStore.getState().start({ type: 'note-type', value: 'Top' })
    blendDraftStore.getState().setNoteOil('Top', CATALOG.bergamot)
    blendDraftStore.getState().setNoteOil('Middle', CATALOG.lavender)
    renderPage('/blend?step=2&layer=base')
    await heading('Select Your Base Note')
    expect(await screen.findByText('Showing 4 oils for Base Note')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Frankincense' })).toBeInTheDocument()
    expect(screen.getByText(/^2 oils are hidden because their scent families are not listed as blending/)).toBeInTheDocument()
    // Frankincense is on Bergamot's own "Blends with" list: a search for it finds it.
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'frank')
    expect(screen.getByText('Showing 1 oil for Base Note matching “frank”')).toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Search oil names...'))

    // A search that finds only a hidden oil says so and offers it, rather than "No oils found".
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'gin')
    expect(screen.getByText('No compatible oils found')).toBeInTheDocument()
    expect(screen.queryByText('No oils found matching your criteria')).toBeNull()
    expect(screen.getByText('1 oil outside the compatible scent families matches.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show 1 hidden oil' }))
    expect(screen.getByRole('heading', { level: 3, name: 'Ginger' })).toBeInTheDocument()
    expect(screen.getByText('Showing oils from every scent family, including those outside the compatible families.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Show only compatible families' }))
    expect(screen.queryByRole('heading', { level: 3, name: 'Ginger' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Show 1 hidden oil' })).toBeInTheDocument()
  })

  it('offers the first chosen effect as a checkbox', async () => {
    const user = await openMiddlePicker()
    const only = await screen.findByRole('checkbox', { name: 'Show only Energising oils' })
    await user.click(only)
    expect(screen.getByText('Showing 4 oils for Middle Note')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 3, name: 'Rosemary' })).toBeInTheDocument()
  })

  it('sets the layer from the Select button and returns to the blend', async () => {
    const user = await openMiddlePicker()
    await user.click(await screen.findByRole('button', { name: 'Select Lavender' }))
    await heading('Build Your Blend')
    expect(blendDraftStore.getState().composition.middleNote?.name).toBe('Lavender')
    expect(screen.getByText('Lavender')).toBeInTheDocument()
  })

  it('sets the layer when the card itself is clicked', async () => {
    const user = await openMiddlePicker()
    const card = (await screen.findByRole('heading', { level: 3, name: 'Geranium' })).closest('article')!
    await user.click(within(card).getByText(CATALOG.geranium.description))
    await heading('Build Your Blend')
    expect(blendDraftStore.getState().composition.middleNote?.name).toBe('Geranium')
  })
})

describe('step 2 from an oil', () => {
  it('asks where the oil goes, offering its other note types', async () => {
    const user = userEvent.setup()
    blendDraftStore.getState().start({ type: 'essential-oil', essentialOil: CATALOG.bergamot })
    renderPage()
    await heading('Add as Top Note?')
    expect(screen.getByRole('button', { name: 'Add as Middle Note' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Yes Add as Top Note' }))
    await heading('Build Your Blend')
    expect(screen.queryByRole('button', { name: 'Continue to Summary' })).not.toBeInTheDocument()
  })

  it('goes back to step 1 to choose a different oil', async () => {
    const user = userEvent.setup()
    blendDraftStore.getState().start({ type: 'essential-oil', essentialOil: CATALOG.bergamot })
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Choose Different Oil' }))
    await heading('Create Your Perfect Blend')
  })
})

describe('step 3', () => {
  function onSummary(name = '') {
    blendDraftStore.setState({ currentStep: 3, composition: COMPLETE, blendName: name, startingPoint: { type: 'note-type', value: 'Top' } })
  }

  it('shows the notes, properties and actions', async () => {
    onSummary('Evening Calm')
    renderPage()
    await heading('Your Blend Summary')
    expect(screen.getByLabelText('Blend Title')).toHaveValue('Evening Calm')
    expect(screen.getByPlaceholderText('Enter your blend name')).toBeInTheDocument()
    expect(screen.getByText('A Citrus top, a Floral heart and a Woody base.')).toBeInTheDocument()
    for (const name of ['Save to Journal', 'Export PDF', 'Edit Blend', 'Create New Blend']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    }
  })

  it('names the project of the URL on the save button', async () => {
    onSummary()
    renderPage('/blend?project=4&projectName=Calm%20Evenings')
    expect(await screen.findByRole('button', { name: 'Save Version to Calm Evenings' })).toBeInTheDocument()
  })

  it('refuses to save without a name', async () => {
    const user = userEvent.setup()
    onSummary('   ')
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Save to Journal' }))
    expect(await screen.findByText('Incomplete blend')).toBeInTheDocument()
    expect(screen.getByText('Please ensure all notes are selected and the blend has a name.')).toBeInTheDocument()
  })

  describe('saving', () => {
    const ada = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }
    const versionOf = (projectId: number, letter: string) => ({
      id: 90,
      projectId,
      versionLetter: letter,
      referenceNumber: `00${projectId}${letter}`,
    })
    beforeEach(() => {
      resetAuthClient()
      setSignedIn(ada)
    })
    afterEach(() => {
      vi.unstubAllGlobals()
      setSignedOut()
    })

    /**
     * Every write the page made to the product API: the token requests aside, and the save preview
     * (a read before the save, tested below), so a save is seen to be one request.
     */
    const apiCalls = (api: ReturnType<typeof fakeFetch>) =>
      api.calls.filter((c) => c.path !== '/api/auth/token' && c.path !== '/api/blends/save-preview').map((c) => `${c.method} ${c.path}`)

    it('saves once on a double click of Save to Journal, with one request and an idempotency key', async () => {
      let answer!: () => void
      const answered = new Promise<void>((resolve) => (answer = resolve))
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        // The POST stays in flight until the test answers it.
        'POST /api/blends': async () => {
          await answered
          return json({ id: 1, name: 'Evening Calm', outcome: 'created', version: versionOf(1, 'a') }, 201)
        },
      })
      onSummary('Evening Calm')
      renderPage()
      const save = await screen.findByRole('button', { name: 'Save to Journal' })
      // Two clicks before React renders again: only the ref guard can stop the second.
      act(() => {
        save.click()
        save.click()
      })
      await vi.waitFor(() => expect(api.callsTo('POST /api/blends')).toHaveLength(1))
      act(() => save.click())
      answer()
      expect(await screen.findByText('Blend saved to journal!')).toBeInTheDocument()
      expect(screen.getByText('Your blend has been added to your journal.')).toBeInTheDocument()
      act(() => save.click())
      expect(apiCalls(api)).toEqual(['POST /api/blends'])
      expect(api.callsTo('POST /api/blends')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
      // The journal opens after the pause, and the saved draft is gone: the wizard starts a fresh one.
      expect(await screen.findByRole('heading', { level: 1, name: 'Journal' }, { timeout: 3000 })).toBeInTheDocument()
      await vi.waitFor(() =>
        expect(blendDraftStore.getState()).toMatchObject({ blendName: '', composition: { topNote: null }, currentStep: 1 }),
      )
    })

    it('shows a layer holding an accord as Citrus Dawn 001b and saves it as middleAccord (decision 077)', async () => {
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'GET /api/blends/save-preview': json({ outcome: 'created', versionLetter: 'a', referenceNumber: '002a', blend: null }),
        'POST /api/blends': json({ id: 2, name: 'Dawn Over Cedar', outcome: 'created', version: versionOf(2, 'a') }, 201),
      })
      onSummary('Dawn Over Cedar')
      blendDraftStore.getState().setNoteAccord('Middle', { versionId: 12, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001b' })
      renderPage()
      await heading('Your Blend Summary')
      const notes = screen.getByRole('heading', { name: 'The three notes' }).parentElement!
      const middle = within(notes).getByRole('heading', { level: 3, name: 'Middle Note' }).closest('li')!
      expect(within(middle).getByText('Citrus Dawn 001b')).toBeInTheDocument()
      expect(within(middle).getByText('50%')).toBeInTheDocument()
      expect(within(middle).queryByText('Lavender')).not.toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Save to Journal' }))
      await vi.waitFor(() => expect(api.callsTo('POST /api/blends')).toHaveLength(1))
      const body = api.callsTo('POST /api/blends')[0]!.body as Record<string, unknown>
      expect(body).toMatchObject({ topNote: CATALOG.lemon.id, middleAccord: 12, baseNote: COMPLETE.baseNote!.id, middlePercentage: 50 })
      expect(body).not.toHaveProperty('middleNote')
    })

    it('shows the version toast and clears the draft when the server made the save a version', async () => {
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'POST /api/blends': json({ id: 3, name: 'Evening Calm', outcome: 'versioned', version: versionOf(3, 'b') }, 201),
      })
      onSummary('evening calm')
      renderPage()
      await userEvent.click(await screen.findByRole('button', { name: 'Save to Journal' }))
      expect(await screen.findByText('Version saved to journal!')).toBeInTheDocument()
      expect(screen.getByText('New version added to Evening Calm project.')).toBeInTheDocument()
      expect(await screen.findByRole('heading', { level: 1, name: 'Journal' }, { timeout: 3000 })).toBeInTheDocument()
      await vi.waitFor(() => expect(blendDraftStore.getState().blendName).toBe(''))
      expect(apiCalls(api)).toEqual(['POST /api/blends'])
    })

    it('says before saving that the name is in the journal, with the version the save adds, and labels the button so', async () => {
      const preview = (outcome: 'created' | 'versioned', referenceNumber: string) =>
        json({
          outcome,
          versionLetter: referenceNumber.slice(3),
          referenceNumber,
          blend: outcome === 'versioned' ? { id: 1, name: 'Morning Grove' } : null,
        })
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'GET /api/blends/save-preview': [preview('versioned', '001c'), preview('created', '004a')],
      })
      onSummary('morning grove')
      renderPage()
      const taken = await screen.findByText(/is in your journal/)
      expect(taken.closest('p')).toHaveTextContent('A blend named Morning Grove is in your journal. Saving adds version 001c to it.')
      expect(screen.getByRole('button', { name: 'Save as version 001c' })).toBeInTheDocument()
      expect(screen.getByLabelText('Blend Title')).toHaveAccessibleDescription(/Saving adds version 001c/)
      // 'Use another name' puts the maker in the name, which chooses a new blend.
      await userEvent.click(screen.getByRole('button', { name: 'Use another name' }))
      expect(screen.getByLabelText('Blend Title')).toHaveFocus()
      await userEvent.type(screen.getByLabelText('Blend Title'), 'Morning Grove Bright')
      // While typing, the old answer is not shown; once typing pauses, the new one is asked once.
      expect(screen.queryByText(/is in your journal/)).not.toBeInTheDocument()
      expect(await screen.findByRole('button', { name: 'Save to Journal' })).toBeInTheDocument()
      await vi.waitFor(() => expect(api.callsTo('GET /api/blends/save-preview')).toHaveLength(2))
      await new Promise((resolve) => setTimeout(resolve, 400))
      expect(api.callsTo('GET /api/blends/save-preview')).toHaveLength(2)
      expect(screen.queryByText(/is in your journal/)).not.toBeInTheDocument()
    })

    it('saves a version of the blend in the URL with one POST /api/blend-versions', async () => {
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'POST /api/blend-versions': json({ ...versionOf(4, 'c'), outcome: 'versioned', blend: { id: 4, name: 'Calm Evenings' } }, 201),
      })
      onSummary('Anything')
      renderPage('/blend?project=4&projectName=Calm%20Evenings')
      await userEvent.click(await screen.findByRole('button', { name: 'Save Version to Calm Evenings' }))
      expect(await screen.findByText('New version added to Calm Evenings project.')).toBeInTheDocument()
      expect(apiCalls(api)).toEqual(['POST /api/blend-versions'])
      expect(api.callsTo('POST /api/blend-versions')[0]!.body).toMatchObject({ projectId: 4 })
    })

    it('shows the spec’s toast when a save fails, and keeps the draft and the button', async () => {
      fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'POST /api/blends': json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500),
      })
      onSummary('Evening Calm')
      renderPage()
      await userEvent.click(await screen.findByRole('button', { name: 'Save to Journal' }))
      expect(await screen.findByText('Error saving blend')).toBeInTheDocument()
      expect(screen.getByText('Please try again later.')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Save to Journal' })).toBeEnabled()
      expect(currentUrl()).toBe('/blend?step=3')
    })

    it('offers Save as a new blend when the blend in the URL is gone, and saves it as one', async () => {
      const message = 'Blend 4 was not found: it may have been deleted, or it is not in your journal'
      const api = fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'POST /api/blend-versions': json({ error: { code: 'NOT_FOUND', message, details: [{ path: 'body.projectId', message }] } }, 404),
        'POST /api/blends': json({ id: 7, name: 'Evening Calm', outcome: 'created', version: versionOf(7, 'a') }, 201),
      })
      onSummary('Evening Calm')
      renderPage('/blend?project=4&projectName=Calm%20Evenings')
      await userEvent.click(await screen.findByRole('button', { name: 'Save Version to Calm Evenings' }))

      const notice = await screen.findByRole('alert')
      expect(notice).toHaveTextContent('Calm Evenings is no longer in your journal')
      expect(notice).toHaveTextContent('It may have been deleted.')
      // No retry that can never work: the version button is gone, and no "try again" toast shows.
      expect(screen.queryByRole('button', { name: 'Save Version to Calm Evenings' })).not.toBeInTheDocument()
      expect(screen.queryByText('Error saving version')).not.toBeInTheDocument()
      expect(within(notice).getByRole('link', { name: 'open your journal' })).toHaveAttribute('href', '/journal')

      await userEvent.click(within(notice).getByRole('button', { name: 'Save as a new blend' }))
      // The URL no longer names the gone blend; the saved toast shows (an earlier test's may still be fading).
      expect(currentUrl()).toBe('/blend?step=3')
      expect((await screen.findAllByText('Blend saved to journal!')).length).toBeGreaterThan(0)
      expect(await screen.findByRole('heading', { level: 1, name: 'Journal' }, { timeout: 3000 })).toBeInTheDocument()
      expect(apiCalls(api)).toEqual(['POST /api/blend-versions', 'POST /api/blends'])
      expect(api.callsTo('POST /api/blends')[0]!.body).toMatchObject({ name: 'Evening Calm' })
      // Two intents, two keys.
      const keys = api.calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('idempotency-key'))
      expect(new Set(keys).size).toBe(2)
    })
  })

  it('asks to finish the blend when a note is missing', async () => {
    const user = userEvent.setup()
    blendDraftStore.setState({ currentStep: 3, composition: { ...COMPLETE, baseNote: null } })
    renderPage()
    await heading('Incomplete Blend')
    expect(screen.getByText('Please complete your blend selection first.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to Selection' }))
    await heading('Build Your Blend')
  })

  it('opens every layer for editing from Edit Blend', async () => {
    const user = userEvent.setup()
    onSummary('Evening Calm')
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Edit Blend' }))
    await heading('Edit Your Blend')
    await user.click(screen.getByRole('button', { name: 'Change oil for the Middle Note' }))
    await heading('Select Your Middle Note')
  })
})

describe('resetting', () => {
  it('returns to step 1 on the shell’s resetBlendDraft event', async () => {
    blendDraftStore.setState({ currentStep: 3, composition: COMPLETE, blendName: 'Evening Calm' })
    renderPage()
    await heading('Your Blend Summary')
    act(() => {
      window.dispatchEvent(new Event(RESET_BLEND_DRAFT_EVENT))
    })
    await heading('Create Your Perfect Blend')
    expect(blendDraftStore.getState().blendName).toBe('')
  })

  it('starts fresh when sent with the new-blend navigation state', async () => {
    blendDraftStore.setState({ currentStep: 3, composition: COMPLETE, blendName: 'Evening Calm' })
    const queryClient = new QueryClient({ defaultOptions: { queries: { queryFn: async () => CATALOG_LIST } } })
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: '/blend', state: { resetBlendDraft: true } }]}>
          <BlendCreatorPage />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    await heading('Create Your Perfect Blend')
  })
})
