import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LanguageSwitcher } from '#client/components/language-switcher.tsx'
import { HeroSection } from '#client/features/landing/components/hero-section.tsx'
// The landing page's words are a catalog section, registered with the page (decision 097).
import { landingWordsReady } from '#client/features/landing/landing-catalog.ts'
import { DEVICE_LANGUAGE_KEY } from '#client/lib/device-language.ts'
import { activateLanguage } from '#client/lib/i18n.ts'

describe('the language switcher (decision 093)', () => {
  beforeEach(async () => {
    localStorage.clear()
    await landingWordsReady
  })
  afterEach(async () => {
    await activateLanguage('en')
    localStorage.clear()
    document.cookie = 'accord-language=; Path=/; Max-Age=0'
  })

  it('is a native select labelled "Language", each language named in itself, and says what was chosen', async () => {
    const onChange = vi.fn()
    render(<LanguageSwitcher value="en" onChange={onChange} />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect(select.tagName).toBe('SELECT')
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['Deutsch', 'de'],
      ['Français', 'fr'],
      ['Español', 'es'],
      ['Italiano', 'it'],
    ])
    expect(select).toHaveValue('en')
    await userEvent.selectOptions(select, 'Italiano')
    expect(onChange).toHaveBeenCalledWith('it')
  })

  it('shows the landing page’s opening in English exactly as the spec writes it', () => {
    render(<HeroSection />, { wrapper: MemoryRouter })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create beautiful essential oil blends with confidence')
    expect(screen.getByText('Free while Accord is in beta')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start Free Beta' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See what it does' })).toBeInTheDocument()
  })

  it('on the landing page, shows the chosen language at once and keeps it on the device', async () => {
    await activateLanguage('de')
    render(<HeroSection />, { wrapper: MemoryRouter })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Schöne Mischungen aus ätherischen Ölen sicher kreieren')
    const select = screen.getByRole('combobox', { name: 'Sprache' })
    expect(select).toHaveValue('de')
    await userEvent.selectOptions(select, 'Français')
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'))
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr')
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Schöne')
    expect(localStorage.getItem(DEVICE_LANGUAGE_KEY)).toBe('fr')
    expect(document.cookie).toContain('accord-language=fr')
  })
})
