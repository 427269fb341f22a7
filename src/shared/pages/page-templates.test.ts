import { describe, expect, it } from 'vitest'
import { APP_ENTRY_META_NAME, ENTRY_META_NAME } from '#shared/config/prerendered-pages.ts'
import { APP_SHELL_MODULE, SIGNED_IN_PAGE_MODULES } from '#shared/config/signed-in-pages.ts'
import {
  homeHeadingFile,
  signedInPageTemplates,
  signedInTemplateFile,
  withCodeAfterPaint,
  withInlineStylesheet,
  withRoot,
} from '#shared/pages/page-templates.ts'

// The built index.html, in the shape Vite writes it.
const INDEX = [
  '<!doctype html><html lang="en"><head>',
  '<script type="module" crossorigin src="/assets/index-e.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-r.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n    ')

describe("the build's page templates (page-templates.ts)", () => {
  it('puts the stylesheet inline, so nothing blocks the first paint, and keeps </style in it from closing the element', () => {
    const html = withInlineStylesheet(INDEX, (file) => (file === 'assets/index-c.css' ? 'a::after{content:"</style>"}' : ''))
    expect(html).toContain('<style>a::after{content:"<\\/style>"}</style>')
    expect(html).not.toContain('rel="stylesheet"')
    expect(() => withInlineStylesheet('<html></html>', () => '')).toThrow(/links no stylesheet/)
  })

  it('loads the code after the first paint: no entry script or preload links, a list for the boot script, which is a file', () => {
    const html = withCodeAfterPaint(INDEX, 'assets/boot-0123456789.js')
    expect(html).toContain(`<meta name="${ENTRY_META_NAME}" content="/assets/index-e.js /assets/react-r.js" />`)
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/assets/boot-0123456789.js">'])
    expect(html).not.toContain('modulepreload')
    expect(() => withCodeAfterPaint('<html></html>', 'assets/boot.js')).toThrow(/no module entry script/)
  })

  it("loads another script in place of the entry (the public pages' islands), naming the app's entry for it to hand over to", () => {
    const html = withCodeAfterPaint(INDEX, 'assets/boot-b.js', ['/assets/islands-i.js', '/assets/part-p.js'])
    expect(html).toContain(`<meta name="${ENTRY_META_NAME}" content="/assets/islands-i.js /assets/part-p.js" />`)
    expect(html).toContain(`<meta name="${APP_ENTRY_META_NAME}" content="/assets/index-e.js" />`)
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/assets/boot-b.js">'])
    expect(html).not.toContain('modulepreload')
  })

  it('fills the empty #root once, and refuses a page without one', () => {
    expect(withRoot(INDEX, '<p>$& $1</p>', ' data-prerendered="book"')).toContain(
      '<div id="root" data-prerendered="book"><p>$& $1</p></div>',
    )
    expect(() => withRoot('<div id="root">x</div>', '<p></p>')).toThrow(/empty #root/)
  })

  it('writes each signed-in page preloaded, and painted where it has a top, with its own code in the boot list', () => {
    const manifest = {
      'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-r.js' },
      [APP_SHELL_MODULE]: { file: 'assets/shell-s.js', imports: ['_react.js'] },
      [SIGNED_IN_PAGE_MODULES['/journal']!]: { file: 'assets/journal-j.js' },
      [SIGNED_IN_PAGE_MODULES['/glossary']!]: { file: 'assets/glossary-g.js' },
    }
    const codeAfterPaint = withCodeAfterPaint(
      withInlineStylesheet(INDEX, () => 'body{}'),
      'assets/boot-b.js',
    )
    const templates = signedInPageTemplates({
      index: INDEX,
      codeAfterPaint,
      manifest,
      tops: { '/journal': '<div data-skeleton="">Journal</div>' },
    })
    expect([...templates.keys()].sort()).toEqual(
      [
        signedInTemplateFile('/journal', 'painted'),
        signedInTemplateFile('/journal', 'preloaded'),
        signedInTemplateFile('/glossary', 'preloaded'),
      ].sort(),
    )
    expect(signedInTemplateFile('/', 'painted')).toBe('signed-in/home.painted.html')
    const painted = templates.get(signedInTemplateFile('/journal', 'painted'))!
    expect(painted).toContain(`content="/assets/index-e.js /assets/react-r.js /assets/shell-s.js /assets/journal-j.js"`)
    expect(painted).toContain('<div id="root"><div data-skeleton="">Journal</div></div>')
    const preloaded = templates.get(signedInTemplateFile('/glossary', 'preloaded'))!
    expect(preloaded).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/glossary-g.js">')
    expect(preloaded).toContain('<div id="root"></div>')
    // Another language's call (decision 102): its painted top under its own name, and Home's words;
    // the preloaded pages have no words, so English's serve every language.
    const german = signedInPageTemplates({
      index: INDEX,
      codeAfterPaint,
      manifest,
      tops: { '/journal': '<div data-skeleton="">Mischungsjournal</div>' },
      language: 'de',
      homeHeading: { first: { title: 'Willkommen', intro: 'Los' }, back: { title: 'Zurück', intro: 'Weiter' } },
    })
    expect([...german.keys()].sort()).toEqual(['signed-in/home-heading.de.json', 'signed-in/journal.painted.de.html'])
    expect(signedInTemplateFile('/journal', 'painted', 'de')).toBe('signed-in/journal.painted.de.html')
    expect(signedInTemplateFile('/journal', 'painted', 'en')).toBe('signed-in/journal.painted.html')
    expect(german.get(signedInTemplateFile('/journal', 'painted', 'de'))).toContain(
      '<div id="root"><div data-skeleton="">Mischungsjournal</div></div>',
    )
    expect(JSON.parse(german.get(homeHeadingFile('de'))!)).toEqual({
      first: { title: 'Willkommen', intro: 'Los' },
      back: { title: 'Zurück', intro: 'Weiter' },
    })
  })
})
