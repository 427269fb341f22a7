import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LandingPage } from '#client/features/landing/components/landing-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

function renderLanding(props: Parameters<typeof LandingPage>[0] = {}) {
  return render(
    <MemoryRouter>
      <LandingPage {...props} />
    </MemoryRouter>,
  )
}

describe('LandingPage', () => {
  const scrollIntoView = vi.fn()

  beforeEach(() => {
    scrollIntoView.mockReset()
    Element.prototype.scrollIntoView = scrollIntoView
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the hero headline as the one h1', () => {
    renderLanding()
    const headings = screen.getAllByRole('heading', { level: 1 })
    expect(headings).toHaveLength(1)
    expect(headings[0]).toHaveTextContent('Create beautiful essential oil blends with confidence')
  })

  it('brings the sign-up form itself into view and puts the cursor in its first field on Start Free Beta', async () => {
    const form = (
      <form aria-label="Create account">
        <button type="button">Continue with Google</button>
        <label>
          Name <input />
        </label>
        <label>
          Email <input type="email" />
        </label>
      </form>
    )
    renderLanding({ signupForm: form })
    for (const button of screen.getAllByRole('button', { name: 'Start Free Beta' })) {
      scrollIntoView.mockReset()
      screen.getByRole('button', { name: 'Sign In' }).focus()
      await userEvent.click(button)
      expect(scrollIntoView).toHaveBeenCalledTimes(1)
      expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('signup-form'))
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus()
    }
  })

  it('scrolls smoothly to the signup section when Start Free Beta is pressed and there is no form yet', async () => {
    renderLanding()
    await userEvent.click(screen.getAllByRole('button', { name: 'Start Free Beta' })[0]!)
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('signup'))
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(document.getElementById('signup')).toHaveFocus()
  })

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }))
    renderLanding()
    await userEvent.click(screen.getAllByRole('button', { name: 'Start Free Beta' })[0]!)
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' })
  })

  it('sends Sign In to the signup section when the app gives it nothing else to do', async () => {
    renderLanding()
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('signup'))
  })

  it('lets the app open its sign-in dialog from Sign In', async () => {
    const onSignIn = vi.fn()
    renderLanding({ onSignIn })
    const signIn = screen.getByRole('button', { name: 'Sign In' })
    expect(signIn).toHaveAttribute('aria-haspopup', 'dialog')
    await userEvent.click(signIn)
    expect(onSignIn).toHaveBeenCalledTimes(1)
    expect(scrollIntoView).not.toHaveBeenCalled()
  })

  it('holds the sign-up form the app passes in the signup section', () => {
    renderLanding({ signupForm: <form aria-label="Create account" /> })
    expect(document.getElementById('signup')).toContainElement(screen.getByRole('form', { name: 'Create account' }))
  })

  it('has top-bar items for Features, Book and Book + App', async () => {
    renderLanding()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(screen.getByRole('link', { name: 'Book' })).toHaveAttribute('href', '/book')
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Features' }))

    await userEvent.click(screen.getByRole('link', { name: 'Book + App' }))
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('book'))
    await userEvent.click(screen.getByRole('link', { name: 'Features' }))
    expect(scrollIntoView.mock.contexts[1]).toBe(document.getElementById('features'))
  })

  it('presents the three highlights, the book and the free beta', () => {
    renderLanding()
    for (const name of ['Guided blending', 'Smart journal', 'Oil knowledge']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument()
    }
    expect(screen.getByRole('link', { name: /Explore the Book/ })).toHaveAttribute('href', '/book')
    expect(screen.getByText('No credit card needed')).toBeInTheDocument()
  })

  it('shows the current year in the footer', () => {
    renderLanding()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Accord`)
  })

  describe('in German (docs/product.md "Languages")', () => {
    beforeEach(() => activateLanguage('de'))
    afterEach(() => activateLanguage('en'))

    it('speaks German in the top bar, the free beta notice and the footer', () => {
      renderLanding()
      const nav = screen.getByRole('navigation', { name: 'Hauptmenü' })
      expect(nav).toContainElement(screen.getByRole('link', { name: 'Funktionen' }))
      expect(screen.getByRole('link', { name: 'Buch' })).toHaveAttribute('href', '/book')
      expect(nav).toContainElement(screen.getByRole('link', { name: 'Buch + App' }))
      expect(screen.getAllByRole('button', { name: 'Anmelden' })).toHaveLength(1)
      const beta = screen.getByRole('region', { name: 'Kostenloser Beta-Zugang' })
      expect(beta).toHaveTextContent('Für die Anmeldung ist keine Kreditkarte nötig.')
      expect(beta).toHaveTextContent('30 % Rabatt auf das erste Jahr Pro')
      const footer = screen.getByRole('navigation', { name: 'Fußzeile' })
      expect(footer).toHaveTextContent('Essential Oil Blending Guide')
      expect(screen.getByRole('contentinfo')).toHaveTextContent('Alle Rechte vorbehalten.')
      expect(screen.getByRole('link', { name: 'Leserrabatt zum Start' })).toHaveAttribute('href', '/redeem')
      expect(screen.getByRole('link', { name: 'Das Buch bewerten' })).toHaveAttribute('href', '/review-book')
      expect(beta).not.toHaveTextContent(/Every feature|credit card/)
      expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull()
    })

    it('speaks German in every section below the opening, the example blend and the page title included', () => {
      renderLanding()
      expect(document.title).toBe('Accord — Designer für Mischungen aus ätherischen Ölen')
      const features = screen.getByRole('region', { name: 'Von der ersten Idee zum Rezept, das Sie wiederholen können' })
      expect(within(features).getByRole('heading', { level: 3, name: 'Geführtes Mischen' })).toBeInTheDocument()
      expect(features).toHaveTextContent('Drei Werkzeuge, die zusammenarbeiten')
      const screens = screen.getByRole('region', { name: 'Accord bei der Arbeit' })
      expect(within(screens).getByRole('img', { name: /^Der Projektrechner: Evening Calm in 500 Gramm/ })).toBeInTheDocument()
      expect(screens).toHaveTextContent('Rechner. Rechnen Sie ein gespeichertes Rezept auf Ihre Charge')
      const how = screen.getByRole('region', { name: 'Alles, was Sie zum sicheren Mischen brauchen' })
      expect(within(how).getByRole('heading', { level: 3, name: 'Vier Wege, eine Mischung zu beginnen' })).toBeInTheDocument()
      expect(how).toHaveTextContent('Oder mit einer gewünschten Wirkung, etwa entspannend oder belebend')
      expect(within(how).getAllByRole('button', { name: 'Kostenlose Beta starten' })).toHaveLength(6)
      const book = screen.getByRole('region', { name: 'Erst die Methode lesen, dann damit mischen' })
      expect(book).toHaveTextContent('Accord ist der Begleiter zum Essential Oil Blending Guide, einem Taschenbuch')
      expect(within(book).getByText('Essential Oil Blending Guide').tagName).toBe('CITE')
      expect(within(book).getByRole('link', { name: /Das Buch entdecken/ })).toHaveAttribute('href', '/book')
      expect(book).toHaveTextContent('Vereinfachtes Duftrad')
      const signup = screen.getByRole('region', { name: 'Machen Sie bei der Accord-Beta mit' })
      expect(signup).toHaveTextContent('wer den Essential Oil Blending Guide liest und jetzt beitritt, erhält 30 % Rabatt')
      expect(signup).toHaveTextContent('Der Chargenrechner')
      expect(signup).toHaveTextContent('Keine Kreditkarte nötig')
      expect(screen.getByText('Beispielmischung')).toBeInTheDocument()
      expect(screen.getByText('Atlaszeder')).toBeInTheDocument()
      expect(screen.getByText(/im klassischen Verhältnis/)).toHaveTextContent(
        'Eine frische Kopfnote, ein volles Herz und eine lang anhaltende Basis, im klassischen Verhältnis 30 / 50 / 20.',
      )
      const main = screen.getByRole('main')
      expect(main).not.toHaveTextContent(/Start Free Beta|Explore the Book|No credit card|Example blend|Read the method|How it works/)
    })
  })
})
