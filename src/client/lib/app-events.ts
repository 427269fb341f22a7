/**
 * Window events that let the shell reset feature state it does not own (features never import
 * each other; docs/product.md §2 header and §4 "Journal views").
 */

/** The blend creator returns its draft to the defaults (step 1) when this fires. */
export const RESET_BLEND_DRAFT_EVENT = 'resetBlendDraft'
/** The journal clears its selection, editor and expanded versions when this fires. */
export const RESET_JOURNAL_STATE_EVENT = 'resetJournalState'

/**
 * Navigation state that asks /blend to start from a fresh draft. The event alone cannot do it
 * when the blend creator is not on screen yet: it reads this state when it mounts.
 */
export const NEW_BLEND_STATE = { resetBlendDraft: true } as const

export function dispatchAppEvent(name: typeof RESET_BLEND_DRAFT_EVENT | typeof RESET_JOURNAL_STATE_EVENT): void {
  window.dispatchEvent(new Event(name))
}
