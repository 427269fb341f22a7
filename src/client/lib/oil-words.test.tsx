import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { oilName, oilSlug, useOilName, useOilNameOrder } from '#client/lib/oil-words.ts'
import { oilNote } from '#client/lib/oil-notes-words.ts'
import englishNames from '#client/locales/en/oils.json'

afterEach(async () => {
  await activateLanguage('en')
})

describe('oilName: a catalog oil’s common name in the language shown (decision 104)', () => {
  it('knows every catalog oil by its English name', () => {
    for (const [id, name] of Object.entries(englishNames)) expect(oilSlug(name), name).toBe(id.slice('oils.'.length))
  })

  it('answers English names as they are in English', () => {
    expect(oilName('Lavender')).toBe('Lavender')
    expect(oilName('Sweet Orange')).toBe('Sweet Orange')
  })

  it('names catalog oils as German makers do', async () => {
    await activateLanguage('de')
    expect(oilName('Lavender')).toBe('Lavendel')
    expect(oilName('Sweet Orange')).toBe('Süßorange')
    expect(oilName('Clary Sage')).toBe('Muskatellersalbei')
  })

  it('names catalog oils as French makers do', async () => {
    await activateLanguage('fr')
    expect(oilName('Lavender')).toBe('Lavande')
    expect(oilName('Sweet Orange')).toBe('Orange douce')
    expect(oilName('Atlas Cedarwood')).toBe('Cèdre de l’Atlas')
  })

  it('answers a maker’s own ingredient, or any name the catalog does not hold, as it came', async () => {
    await activateLanguage('de')
    expect(oilName('My Lavender Mix')).toBe('My Lavender Mix')
    expect(oilName('lavender')).toBe('lavender')
    expect(oilName('')).toBe('')
    expect(oilSlug('My Lavender Mix')).toBeNull()
    expect(oilSlug('Ylang Ylang')).toBe('ylang-ylang')
  })
})

describe('oilNote: a catalog oil’s description in the language shown', () => {
  const lavender = {
    name: 'Lavender',
    description:
      'Sweet, floral and herbaceous with a soft, clean freshness. It blends with almost anything, which makes it the go-to heart note for beginners.',
  }

  it('is the API’s description in English, and the German one in German', async () => {
    expect(oilNote(lavender)).toBe(lavender.description)
    await activateLanguage('de')
    expect(oilNote(lavender)).toMatch(/^Süß, blumig und krautig/)
  })

  it('shows a maker’s own ingredient’s notes as they came, whatever its name', async () => {
    await activateLanguage('de')
    expect(oilNote({ ...lavender, description: 'From my garden', yours: true })).toBe('From my garden')
    expect(oilNote({ name: 'Garden Mint', description: 'Picked in June' })).toBe('Picked in June')
  })
})

function SortedNames({ names }: { names: string[] }) {
  const name = useOilName()
  const compare = useOilNameOrder()
  return (
    <ul>
      {[...names].sort(compare).map((n) => (
        <li key={n}>{name(n)}</li>
      ))}
    </ul>
  )
}

describe('useOilName and useOilNameOrder', () => {
  const names = ['Sweet Orange', 'Lemon', 'Basil', 'Lavender']

  it('shows and sorts the names as English has them', () => {
    render(<SortedNames names={names} />)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Basil', 'Lavender', 'Lemon', 'Sweet Orange'])
  })

  it('renders again in German, sorted by the German names', async () => {
    const { rerender } = render(<SortedNames names={names} />)
    await activateLanguage('de')
    rerender(<SortedNames names={names} />)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Basilikum', 'Lavendel', 'Süßorange', 'Zitrone'])
  })
})
