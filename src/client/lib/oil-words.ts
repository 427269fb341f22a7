/**
 * The catalog oils' common names in the interface's language (issue 37: "Oil names follow the
 * usual common names in each language"). Given an oil's English catalog name, as the API sends it,
 * these answer its name in the active language; a maker's own ingredient, or a name the catalog does
 * not hold, is answered as it came. INCI and Latin names are never translated.
 *
 * (Interface first: the words arrive with the `oils` catalog section.)
 */
import { useMessages } from '#client/lib/i18n.ts'

/** The oil's common name in the active language (outside React: PDFs, composed sentences). */
export function oilName(name: string): string {
  return name
}

/** The same, for a component: it renders again when the language or the oils' words change. */
export function useOilName(): (name: string) => string {
  useMessages()
  return oilName
}
