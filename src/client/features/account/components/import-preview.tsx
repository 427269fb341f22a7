import type { ImportPreviewItem, ImportResult } from '#shared/api/export.ts'
import { countsText, nothingIn } from '#client/features/account/lib/import-text.ts'

const layer = (oils: ImportPreviewItem['topOils']) => oils.map((o) => `${o.name} ${o.percentage}%`).join(', ')

/** What an import will do (or did): the counts, and each blend with its oils. */
export function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div className="space-y-1 text-sm">
      <p>
        <span className="font-medium">{result.dryRun ? 'Will create: ' : 'Created: '}</span>
        {countsText(result.created)}.
      </p>
      {!nothingIn(result.skipped) && (
        <p>
          <span className="font-medium">Already in your journal, skipped: </span>
          {countsText(result.skipped)}.
        </p>
      )}
    </div>
  )
}

export function ImportPreviewList({ result }: { result: ImportResult }) {
  return (
    <div className="space-y-2">
      {/* A scrolling list is reachable by keyboard (tabIndex) so every row can be read. */}
      <ul
        aria-label="Blends in the file"
        tabIndex={0}
        className="max-h-72 divide-y divide-border overflow-auto rounded-lg border border-border text-sm"
      >
        {result.preview.map((item) => (
          <li key={item.source} className="p-3">
            <p className="font-medium">
              {item.name}
              {item.action === 'skip' && <span className="ml-2 text-muted-foreground">(already in your journal)</span>}
            </p>
            <p className="text-muted-foreground">
              Top: {layer(item.topOils)} · Middle: {layer(item.middleOils)} · Base: {layer(item.baseOils)}
            </p>
          </li>
        ))}
      </ul>
      {result.previewMore > 0 && <p className="text-sm text-muted-foreground">and {result.previewMore.toLocaleString('en')} more</p>}
    </div>
  )
}
