/**
 * A message with an element inside it (a `<cite>`, a `<span>`), for the catalogs of decision 093:
 * kept out of the app's entry (src/client/lib/i18n.ts), as only some screens need it.
 */
const MARK = '\u0001'

/**
 * A message with an element inside it (a `<cite>`, a `<span>`): the text before and after its
 * `{name}` placeholder, so the component renders the element between them in every language.
 */
export function aroundPlaceholder(
  t: (id: string, values?: Record<string, unknown>) => string,
  id: string,
  name: string,
  values: Record<string, unknown> = {},
): [string, string] {
  const text = t(id, { ...values, [name]: MARK })
  const at = text.indexOf(MARK)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MARK.length)]
}
