import type { MeSummary } from '#shared/api/me.ts'
import type { Language } from '#shared/i18n/languages.ts'

/**
 * What the server writes into a signed-in page's HTML for its first render (docs/decisions/035):
 * the user whose session cookie came with the request, checked when the page was sent, and for
 * Home the summary it shows. The app starts from it instead of asking for the session and the
 * summary after its code has run.
 */
export type BootData = {
  user: { id: string; email: string; name: string | null; image: string | null }
  /** Home's summary (GET /api/me/summary's answer), on "/" only. */
  summary?: MeSummary
  /**
   * The account's own language (its setting, decision 093), so a new device shows it from the
   * first render; absent when the account has not chosen one (the device's choice, else the
   * browser's languages, decide).
   */
  language?: Language
}

/** The id of the `<script type="application/json">` element that carries it. */
export const BOOT_DATA_ELEMENT_ID = 'accord-boot'
