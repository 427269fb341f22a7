import { describe, expect, it } from 'vitest'
import { manifestPath, withManifestLink } from '#shared/config/install-manifest.ts'

describe('the install manifest of a page’s language (decision 102)', () => {
  it('keeps English’s address and names each other language’s', () => {
    expect(manifestPath('en')).toBe('/manifest.webmanifest')
    expect(manifestPath('de')).toBe('/manifest.de.webmanifest')
    expect(manifestPath('it')).toBe('/manifest.it.webmanifest')
  })

  it('links the language’s manifest in place of the one the page linked, and leaves a page without one as it is', () => {
    const page = '<head><title>Accord</title>\n  <link rel="manifest" href="/manifest.webmanifest"></head>'
    expect(withManifestLink(page, 'de')).toBe('<head><title>Accord</title>\n  <link rel="manifest" href="/manifest.de.webmanifest"></head>')
    expect(withManifestLink(page, 'en')).toBe(page)
    // A page already linking another language's is relinked, not given a second link.
    expect(withManifestLink(withManifestLink(page, 'fr'), 'es')).toBe(
      '<head><title>Accord</title>\n  <link rel="manifest" href="/manifest.es.webmanifest"></head>',
    )
    expect(withManifestLink('<head></head>', 'de')).toBe('<head></head>')
  })
})
