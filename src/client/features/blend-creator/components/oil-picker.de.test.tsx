import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { renderWizard, wizardHeading as heading } from '#client/features/blend-creator/testing/render-wizard.tsx'
import { CATALOG } from '#tests/support/oil-fixtures.ts'

beforeEach(async () => {
  blendDraftStore.getState().reset()
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  await activateLanguage('de')
})
afterEach(async () => {
  localStorage.clear()
  await activateLanguage('en')
})

const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

async function openMiddlePicker() {
  blendDraftStore.getState().start({ type: 'effect', value: ['Energising', 'Relaxing'] })
  blendDraftStore.getState().setNoteOil('Top', { ...CATALOG.lemon })
  renderWizard('/blend?step=2&layer=middle')
  await heading('Wählen Sie Ihre Herznote')
  await screen.findByText(/^7 Öle für die Herznote/)
}

describe('the creator’s oil picker in German (decision 104)', () => {
  it('names, describes and sorts the catalog oils in German', async () => {
    await openMiddlePicker()
    const names = cardNames()
    expect(names).toContain('Lavendel')
    expect(names).toContain('Geranie')
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare))
    for (const english of ['Lavender', 'Geranium', 'Rosemary', 'Peppermint']) expect(names, english).not.toContain(english)
    const lavender = within(screen.getByRole('article', { name: 'Lavendel' }))
    expect(lavender.getByText(/^Süß, blumig und krautig mit einer weichen, sauberen Frische\./)).toBeInTheDocument()
    expect(lavender.getByText(CATALOG.lavender.latinName)).toBeInTheDocument()
    expect(lavender.getByRole('button', { name: 'Lavendel auswählen' })).toBeInTheDocument()
    expect(screen.queryByText(CATALOG.lavender.description)).toBeNull()
  })

  it('finds an oil by its German name, and shows the chosen oils by it', async () => {
    const user = userEvent.setup()
    await openMiddlePicker()
    await user.type(screen.getByRole('searchbox'), 'lavendel')
    expect(cardNames()).toEqual(['Lavendel'])
    await user.click(screen.getByRole('button', { name: 'Lavendel auswählen' }))
    await heading('Mischung zusammenstellen')
    expect(blendDraftStore.getState().composition.middleNote?.name).toBe('Lavender')
    expect(screen.getByText('Lavendel')).toBeInTheDocument()
    expect(screen.getByText('Zitrone')).toBeInTheDocument()
    expect(screen.queryByText('Lavender')).toBeNull()
    expect(screen.queryByText('Lemon')).toBeNull()
  })

  it("names the chosen oils' scent families in German in the compatibility guide", async () => {
    await openMiddlePicker()
    const guides = screen.getAllByText(/Zitrone \(Zitrus\)/)
    expect(guides.length).toBeGreaterThan(0)
    for (const guide of guides) expect(guide.textContent).not.toMatch(/\(Citrus\)/)
  })

  it('names the starting family and the families it blends with in German', async () => {
    blendDraftStore.getState().start({ type: 'scent-family', value: 'Citrus' })
    renderWizard('/blend?step=2&layer=top')
    await heading('Wählen Sie Ihre Kopfnote')
    const guide = screen.getAllByText(/^Sie haben mit Zitrus begonnen/)[0]!
    expect(guide.textContent).toMatch(/Zitrus passt gut zu \S/)
    expect(guide.textContent).not.toMatch(/Citrus|Floral|Woody|Herbal|Spicy/)
  })
})
