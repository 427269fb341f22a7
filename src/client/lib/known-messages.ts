/**
 * Messages the code writes in English (the shared schemas', the identity service's, a form's own),
 * shown in the interface's language (issue 37, decision 097): each screen lists the English it can
 * show beside its catalog id, and a message not listed is shown as it came.
 */
export type Translate = (id: string, values?: Record<string, unknown>) => string

/** An English message, and its catalog id with the values its translation names. */
export type KnownMessage = readonly [english: string, id: string, values?: Record<string, unknown>]

export interface KnownMessages {
  /** Every English message listed, for the test that each has its words. */
  readonly english: readonly string[]
  /** The message in the shown language, or null when it is not listed. */
  find: (t: Translate, message: string) => string | null
  /** The message in the shown language; one not listed is shown as it came. */
  text: (t: Translate, message: string) => string
}

export function knownMessages(list: readonly KnownMessage[]): KnownMessages {
  const byEnglish = new Map(list.map(([english, id, values]) => [english, { id, values }]))
  const find = (t: Translate, message: string) => {
    const known = byEnglish.get(message)
    return known ? t(known.id, known.values) : null
  }
  return { english: [...byEnglish.keys()], find, text: (t, message) => find(t, message) ?? message }
}
