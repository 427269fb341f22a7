/**
 * Where the blend draft is kept in the browser. This module is tiny on purpose: the app shell can
 * forget a stored draft (on 'resetBlendDraft') without loading the blend creator.
 */
export const BLEND_DRAFT_STORAGE_KEY = 'accord-blend-draft'

/** Drops the stored draft; the blend creator then opens on step 1. */
export function forgetStoredBlendDraft(): void {
  try {
    localStorage.removeItem(BLEND_DRAFT_STORAGE_KEY)
  } catch {
    // Storage can be unavailable (private mode, blocked): there is then nothing stored to forget.
  }
}
