import { TableScroller } from '#client/components/ui/table-scroller.tsx'
import { FamilyBadge } from '#client/components/ui/badge.tsx'
import { COMPATIBILITY } from '#shared/domain/compatibility.ts'
import { SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'

/** The scent-family compatibility table the blend creator uses, so the advice and the app agree. */
export function CompatibilityTable() {
  const t = useMessages()
  const words = useVocabulary()
  return (
    <TableScroller label={t('guides.compatibility.label')} className="rounded-lg border border-border">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('guides.compatibility.caption')}</caption>
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium text-muted-foreground">
              {t('guides.compatibility.family')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium text-muted-foreground">
              {t('guides.compatibility.blendsWith')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {SCENT_FAMILIES.map((family) => (
            <tr key={family}>
              <th scope="row" className="px-3 py-2 text-left align-top font-medium">
                <FamilyBadge family={family} />
              </th>
              <td className="px-3 py-2 text-foreground">
                {COMPATIBILITY[family]
                  .filter((other) => other !== family)
                  .map((other) => words.family(other))
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}
