/**
 * The per-oil texts the API sends inside an oil's SafetyFacts (each caution's `text` and the
 * `maximumNote`, written in English in src/server/db/seed/oil-safety-data.ts), shown in the
 * interface's language (decision 103): the `safety` section's `safety.oilText.*` messages, looked up
 * by their English, which is the table. A text not listed is shown as it came; the test
 * scripts/oil-safety-texts.test.ts fails when the data gains a text the table does not know.
 */
import english from '#client/locales/en/safety.json?lingui'
import { knownMessages } from '#client/lib/known-messages.ts'

const PREFIX = 'safety.oilText.'

/** A message with no placeholder compiles to its one text (`["text"]`). */
const plainText = (compiled: unknown): string | null =>
  typeof compiled === 'string'
    ? compiled
    : Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === 'string'
      ? compiled[0]
      : null

/** Each English text beside its catalog id. */
export const oilSafetyTexts = knownMessages(
  Object.entries(english as Record<string, unknown>).flatMap(([id, compiled]) => {
    const text = id.startsWith(PREFIX) ? plainText(compiled) : null
    return text === null ? [] : [[text, id] as const]
  }),
)
