import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { HOME_HEADING_SLOTS, PAINTED_PAGES, homeHeading } from '#shared/config/signed-in-pages.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { paintedTops } from '#client/prerender.tsx'
import journalEn from '#client/locales/en/journal.json'
import creatorEn from '#client/locales/en/creator.json'
import homeEn from '#client/locales/en/home.json'
import journalDe from '#client/locales/de/journal.json'
import creatorDe from '#client/locales/de/creator.json'
import homeDe from '#client/locales/de/home.json'
import { paintedPageMarkup } from '#client/app/painted-pages.tsx'
import { AppHeaderBar } from '#client/app/app-header.tsx'
import { StartHeading } from '#client/features/blend-creator/components/step-start.tsx'
import { JournalListHeading } from '#client/features/journal/components/blend-list.tsx'

const h1Class = (html: string) => /<h1[^>]*class="([^"]*)"/.exec(html)?.[1]

describe('the painted signed-in pages (app/painted-pages.tsx)', () => {
  const pages = paintedPageMarkup()

  it('paints each page of PAINTED_PAGES, hidden from assistive technology, with nothing that takes focus or repeats an id', () => {
    expect(Object.keys(pages).sort()).toEqual([...PAINTED_PAGES].sort())
    for (const [pathname, html] of Object.entries(pages)) {
      expect(html, pathname).toMatch(/^<div aria-hidden="true" data-skeleton="" class="flex min-h-dvh flex-col"><header /)
      expect(html, pathname).not.toMatch(/<a |<button|<input|tabindex|\sid="|<title/i)
      expect(html.match(/<h1/g), pathname).toHaveLength(1)
    }
  })

  it("draws the journal's and the creator's top with the pages' own headings, in their words", () => {
    expect(pages['/journal']).toContain('>Blend Journal</h1>')
    expect(pages['/journal']).toContain(journalEn['journal.list.intro'])
    expect(h1Class(pages['/journal']!)).toBe(h1Class(renderToStaticMarkup(<JournalListHeading />)))
    expect(pages['/blend']).toContain('>Create Your Perfect Blend</h1>')
    expect(pages['/blend']).toContain(creatorEn['creator.start.intro'])
    expect(pages['/blend']).toContain('Step <span class="tabular-nums">1 / 3</span>')
    expect(h1Class(pages['/blend']!)).toBe(h1Class(renderToStaticMarkup(<StartHeading />)))
  })

  it("leaves Home's words to the server, in their placeholders", () => {
    expect(pages['/']).toContain(`>${HOME_HEADING_SLOTS.title}</h1>`)
    expect(pages['/']).toContain(`>${HOME_HEADING_SLOTS.intro}</p>`)
  })

  describe('in every language, as the build draws them (decision 102)', () => {
    afterEach(() => activateLanguage('en'))

    it('paints German tops in German after another language was active, and English ones in English after German', async () => {
      await activateLanguage('it')
      const german = await paintedTops('de')
      expect(german.tops['/journal']).toContain(`>${journalDe['journal.list.title']}</h1>`)
      expect(german.tops['/journal']).toContain(`<p>${journalDe['journal.list.intro']}</p>`)
      expect(german.tops['/blend']).toContain(`>${creatorDe['creator.start.title']}</h1>`)
      expect(german.tops['/blend']).toContain(creatorDe['creator.start.intro'])
      for (const html of Object.values(german.tops)) {
        expect(html).not.toContain('Blend Journal')
        expect(html).not.toContain('Create Your Perfect Blend')
        expect(html).not.toContain('Every blend you have saved')
      }
      // The same shape as English's: only the words differ.
      expect(h1Class(german.tops['/journal']!)).toBe(h1Class(pages['/journal']!))
      const english = await paintedTops('en')
      expect(english.tops).toEqual(pages)
    })

    it("takes Home's heading's words from the home catalog, the count left for the server", async () => {
      const german = await paintedTops('de')
      expect(german.tops['/']).toContain(`>${HOME_HEADING_SLOTS.title}</h1>`)
      expect(german.homeHeading).toEqual({
        first: { title: homeDe['home.heading.firstTitle'], intro: homeDe['home.heading.firstIntro'] },
        back: {
          title: homeDe['home.heading.backTitle'].replace('{count}', HOME_HEADING_SLOTS.count),
          intro: homeDe['home.heading.backIntro'],
        },
      })
      expect(homeHeading(german.homeHeading, 3).title).toBe('Willkommen zurück! Sie haben 3 Mischung(en) in Ihrer Sammlung')
      const english = await paintedTops('en')
      expect(homeHeading(english.homeHeading, 0)).toEqual({
        title: homeEn['home.heading.firstTitle'],
        intro: homeEn['home.heading.firstIntro'],
      })
      expect(homeHeading(english.homeHeading, 12).title).toBe('Welcome back! You have 12 blend(s) in your collection')
      expect(homeHeading(english.homeHeading, 1).intro).toBe('Pick up where you left off, or start something new.')
    })
  })

  it("draws the header's bar as the app's header does, without its controls", () => {
    const painted = /<header[^]*?<\/header>/.exec(pages['/journal']!)![0]
    const app = renderToStaticMarkup(
      <MemoryRouter>
        <AppHeaderBar />
      </MemoryRouter>,
    )
    // The same bar and logo; the app's adds the skip link and makes the logo a link home.
    const shape = (html: string) =>
      html
        .replace(/<a href="#main"[^]*?<\/a>/, '')
        .replace(/<a aria-label="Accord home" class="([^"]*)"[^>]*>/, '<span class="$1">')
        .replace('</span></a>', '</span></span>')
    expect(shape(app)).toBe(painted)
  })
})
