import { draftNeedsAsking } from '#shared/domain/draft-asking.ts'

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

/**
 * The stored draft's name when starting a new blend must ask first (draftNeedsAsking: complete, or
 * named, or with notes), else null. Read from storage, as the store writes every change there at
 * once, so the shell can ask without loading the blend creator. A draft it cannot read is not asked
 * about: the creator would drop it too.
 */
export function storedDraftToAsk(): { blendName: string } | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(BLEND_DRAFT_STORAGE_KEY)
  } catch {
    return null
  }
  if (raw === null) return null
  try {
    const state = (JSON.parse(raw) as { state?: unknown }).state as
      Partial<{ composition: unknown; blendName: unknown; notes: unknown }> | undefined
    const composition = state?.composition as
      Partial<Record<'topNote' | 'middleNote' | 'baseNote' | 'topAccord' | 'middleAccord' | 'baseAccord', unknown>> | undefined
    if (!state || !composition || typeof composition !== 'object') return null
    // A layer holding an accord (decision 077) is as filled as one holding an oil.
    const draft = {
      composition: {
        topNote: composition.topNote ?? composition.topAccord ?? null,
        middleNote: composition.middleNote ?? composition.middleAccord ?? null,
        baseNote: composition.baseNote ?? composition.baseAccord ?? null,
      },
      blendName: typeof state.blendName === 'string' ? state.blendName : '',
      notes: typeof state.notes === 'string' ? state.notes : '',
    }
    return draftNeedsAsking(draft) ? { blendName: draft.blendName } : null
  } catch {
    return null
  }
}
