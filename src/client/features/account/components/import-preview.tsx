import type { ImportPreviewItem, ImportResult } from '#shared/api/export.ts'
import { countsText, nothingIn } from '#client/features/account/lib/import-text.ts'
import { useMessages } from '#client/lib/i18n.ts'

const layer = (oils: ImportPreviewItem['topOils']) => oils.map((o) => `${o.name} ${o.percentage}%`).join(', ')

/** What an import will do (or did): the counts, and each blend with its oils. */
export function ImportSummary({ result }: { result: ImportResult }) {
  const t = useMessages()
  return (
    <div className="space-y-1 text-sm">
      <p>
        <span className="font-medium">{`${result.dryRun ? t('account.import.willCreate') : t('account.import.created')} `}</span>
        {`${countsText(t, result.created)}.`}
      </p>
      {!nothingIn(result.skipped) && (
        <p>
          <span className="font-medium">{`${t('account.import.skipped')} `}</span>
          {`${countsText(t, result.skipped)}.`}
        </p>
      )}
    </div>
  )
}

export function ImportPreviewList({ result }: { result: ImportResult }) {
  const t = useMessages()
  return (
    <div className="space-y-2">
      {/* A scrolling list is reachable by keyboard (tabIndex) so every row can be read. */}
      <ul
        aria-label={t('account.import.list')}
        tabIndex={0}
        className="max-h-72 divide-y divide-border overflow-auto rounded-lg border border-border text-sm"
      >
        {result.preview.map((item) => (
          <li key={item.source} className="p-3">
            <p className="font-medium">
              {item.name}
              {item.action === 'skip' && <span className="ml-2 text-muted-foreground">{t('account.import.alreadyIn')}</span>}
            </p>
            <p className="text-muted-foreground">
              {t('account.import.layers', { top: layer(item.topOils), middle: layer(item.middleOils), base: layer(item.baseOils) })}
            </p>
          </li>
        ))}
      </ul>
      {result.previewMore > 0 && <p className="text-sm text-muted-foreground">{t('account.import.more', { count: result.previewMore })}</p>}
    </div>
  )
}
