/**
 * The address of a recorded batch's label (/label?blend=&batch=, read by lib/label-links.ts), as the
 * journal links to it. A module of its own so the journal's batches carry nothing more.
 */
export const batchLabelPath = (blendId: number, batchId: number) => `/label?blend=${blendId}&batch=${batchId}`
