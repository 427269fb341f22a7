import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HOME_HEADING_SLOTS, PAINTED_PAGES, SIGNED_IN_PAGE_HEADINGS } from '#shared/config/signed-in-pages.ts'
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
    const journal = SIGNED_IN_PAGE_HEADINGS['/journal']!
    expect(pages['/journal']).toContain(`>${journal.title}</h1>`)
    expect(pages['/journal']).toContain(journal.intro)
    expect(h1Class(pages['/journal']!)).toBe(h1Class(renderToStaticMarkup(<JournalListHeading />)))
    const blend = SIGNED_IN_PAGE_HEADINGS['/blend']!
    expect(pages['/blend']).toContain(`>${blend.title}</h1>`)
    expect(pages['/blend']).toContain('Step <span class="tabular-nums">1 / 3</span>')
    expect(h1Class(pages['/blend']!)).toBe(h1Class(renderToStaticMarkup(<StartHeading />)))
  })

  it("leaves Home's words to the server, in their placeholders", () => {
    expect(pages['/']).toContain(`>${HOME_HEADING_SLOTS.title}</h1>`)
    expect(pages['/']).toContain(`>${HOME_HEADING_SLOTS.intro}</p>`)
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
