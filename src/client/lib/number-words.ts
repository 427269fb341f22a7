/**
 * Numbers as the interface's language writes them (issue 37): a percentage is "2.5%" in English,
 * exactly as the domain's formatPercent writes it for the API and the MCP tools, and "2,5 %" in
 * German or French. No catalog section: Intl knows each language's way.
 */
import { currentLanguage } from '#client/lib/i18n.ts'
import { formatPercent } from '#shared/domain/units.ts'

/** A percentage as the active language writes it ("2.5%", "2,5 %"); English exactly as the domain's formatPercent. */
export function shownPercent(value: number): string {
  const language = currentLanguage()
  if (language === 'en') return formatPercent(value)
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2, useGrouping: false }).format(
    Number(value.toFixed(2)) / 100,
  )
}
