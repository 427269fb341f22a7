import { describe, expect, it } from 'vitest'
import { escapeHtml } from '#shared/text/html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    )
    expect(escapeHtml('Café crème · 50%')).toBe('Café crème · 50%')
  })

  it('escapes an ampersand once, so an entity in the text shows as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
  })
})
