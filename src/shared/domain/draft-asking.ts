/**
 * Whether starting a new blend must ask before it throws this draft away (issue 31, decision 053):
 * its three notes are chosen, or it has a name or notes the maker typed. The summary's Create New
 * Blend and the header's New Blend both ask with it; a saved draft is already reset, so never asked
 * about. A module of its own, with no imports, so the signed-in shell carries only this.
 */
export function draftNeedsAsking(draft: {
  composition: { topNote: unknown; middleNote: unknown; baseNote: unknown }
  blendName: string
  notes: string
}): boolean {
  const { topNote, middleNote, baseNote } = draft.composition
  const complete =
    topNote !== null &&
    topNote !== undefined &&
    middleNote !== null &&
    middleNote !== undefined &&
    baseNote !== null &&
    baseNote !== undefined
  return complete || draft.blendName.trim() !== '' || draft.notes.trim() !== ''
}
