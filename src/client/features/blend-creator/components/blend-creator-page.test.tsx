import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { BlendCreatorPage } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { CATALOG, CATALOG_LIST, COMPLETE } from '#tests/support/oil-fixtures.ts'

function renderPage(path = '/blend') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        queryFn: async ({ queryKey }) => {
          if (queryKey[0] === '/api/essential-oils') return CATALOG_LIST
          throw new Error(`No fake for ${String(queryKey[0])}`)
        },
      },
    },
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <BlendCreatorPage />
        <ToastOutlet />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })

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
    expect(screen.getByText('Blends well with: Woody, Floral, Herbal')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start Your Blend' }))
    await heading('Select Your Top Note')
    // A scent-family start keeps the first note to its family.
    expect(await screen.findByText('Showing 3 oils for Top Note')).toBeInTheDocument()
  })
})

describe('the oil picker', () => {
  async function openMiddlePicker() {
    const user = userEvent.setup()
    blendDraftStore.getState().start({ type: 'effect', value: ['Energising', 'Relaxing'] })
    blendDraftStore.getState().setNoteOil('Top', CATALOG.lemon)
    blendDraftStore.getState().pickLayer('Middle')
    renderPage()
    await heading('Select Your Middle Note')
    await screen.findByText('Showing 4 oils for Middle Note')
    return user
  }

  it('lists the compatible oils of the layer and filters them by name', async () => {
    const user = await openMiddlePicker()
    expect(await screen.findByText('Showing 4 oils for Middle Note')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'LAV')
    expect(screen.getByText('Showing 1 oil for Middle Note matching “LAV”')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear Search' }))
    expect(screen.getByText('Showing 4 oils for Middle Note')).toBeInTheDocument()
    await user.type(screen.getByPlaceholderText('Search oil names...'), 'zzz')
    expect(screen.getByText('No oils found matching your criteria')).toBeInTheDocument()
  })

  it('offers the first chosen effect as a checkbox', async () => {
    const user = await openMiddlePicker()
    const only = await screen.findByRole('checkbox', { name: 'Show only Energising oils' })
    await user.click(only)
    expect(screen.getByText('Showing 1 oil for Middle Note')).toBeInTheDocument()
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

  it('saves once on a double click of Save to Journal, with an idempotency key', async () => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const api = fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'GET /api/blends': json([]),
      'GET /api/blend-projects': json([]),
      // The POST stays in flight until the test answers it.
      'POST /api/blends': async () => {
        await answered
        return json({ id: 1, name: 'Evening Calm' }, 201)
      },
    })
    try {
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
      act(() => save.click())
      expect(api.callsTo('POST /api/blends')).toHaveLength(1)
      expect(api.callsTo('GET /api/blends')).toHaveLength(1)
      expect(api.callsTo('POST /api/blends')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    } finally {
      vi.unstubAllGlobals()
      setSignedOut()
    }
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
