/**
 * How long an Undo can bring back what was deleted (a blend, a share link): decision 030. One
 * window for every feature's Undo, so it lives below them.
 */
export const RESTORE_WINDOW_MS = 10 * 60 * 1000
