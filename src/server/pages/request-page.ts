import { BOOT_DATA_ELEMENT_ID, type BootData } from '#shared/config/boot-data.ts'
import { HOME_HEADING_SLOTS, homeHeading, type HomeHeadingWords } from '#shared/config/signed-in-pages.ts'
import { withManifestLink } from '#shared/config/install-manifest.ts'
import type { ThemeChoice } from '#shared/config/theme.ts'
import type { Language } from '#shared/i18n/languages.ts'
import { escapeHtml } from '#shared/text/html.ts'

/** What belongs to one request in the page it gets: the saved theme, and on a signed-in page its user (and Home's summary). */
export type RequestParts = { theme: ThemeChoice; boot?: BootData; language?: Language; homeWords?: HomeHeadingWords }

/**
 * A page template as the build wrote it (dist/pages, or index.html), with what belongs to this
 * request written in: the one place the server writes into a page's HTML.
 * - The saved light or dark theme on <html> as data-theme (decision 028), so the page paints in it
 *   from its first byte with no script; "system" leaves the page to the CSS media query.
 * - A signed-in page's language on <html lang> (decision 093): the account's, else the device's
 *   or the browser's, as the app will choose it, so the page is announced in it from its first byte;
 *   and the install manifest of that language linked (decision 102).
 * - The user, and on Home the summary, in a JSON script element in <head> (decision 035), which no
 *   browser runs; `<` is written as \u003c, so nothing in the data (a blend's name) can close it.
 * - Home's heading and introduction, which count the user's blends, in the painted top's
 *   placeholders (HOME_HEADING_SLOTS), escaped, in `homeWords`: the words the build took from the
 *   home catalog in the painted top's language (decision 102). A template with the placeholders
 *   and no words for them (which the server's loading never pairs) gets them emptied.
 */
export function pageForRequest(template: string, { theme, boot, language, homeWords }: RequestParts): string {
  let html = template
  if (theme !== 'system') {
    html = html.replace(
      /<html\b([^>]*)>/,
      (_tag, attributes: string) => `<html${attributes.replace(/\sdata-theme="[^"]*"/, '')} data-theme="${theme}">`,
    )
  }
  if (language) {
    html = html.replace(
      /<html\b([^>]*)>/,
      (_tag, attributes: string) => `<html lang="${language}"${attributes.replace(/\slang="[^"]*"/, '')}>`,
    )
    html = withManifestLink(html, language)
  }
  if (html.includes(HOME_HEADING_SLOTS.title)) {
    const heading = homeWords ? homeHeading(homeWords, boot?.summary?.blendCount ?? 0) : { title: '', intro: '' }
    html = html
      .replace(HOME_HEADING_SLOTS.title, () => escapeHtml(heading.title))
      .replace(HOME_HEADING_SLOTS.intro, () => escapeHtml(heading.intro))
  }
  if (boot) {
    const json = JSON.stringify(boot).replace(/</g, '\\u003c')
    html = html.replace('</head>', () => `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script>\n  </head>`)
  }
  return html
}
