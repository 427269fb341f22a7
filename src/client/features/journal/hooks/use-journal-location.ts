import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

/**
 * Where the journal is (docs/product.md §2 "three modes"), kept in the URL so Back, reload and a shared
 * link land in the same place: /journal (list), ?blend=12 (details), ?blend=12&edit=details (editor;
 * `edit` says where Cancel returns to).
 */
export type JournalView =
  | { mode: 'list' }
  | { mode: 'details'; blendId: number }
  | { mode: 'editor'; blendId: number; returnTo: 'list' | 'details' }

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const n = Number(value)
  return n > 0 && n <= 2 ** 31 - 1 ? n : null
}

export function parseJournalView(params: URLSearchParams): JournalView {
  const blendId = positiveInt(params.get('blend'))
  if (blendId === null) return { mode: 'list' }
  const edit = params.get('edit')
  if (edit === 'list' || edit === 'details') return { mode: 'editor', blendId, returnTo: edit }
  return { mode: 'details', blendId }
}

function toParams(view: JournalView): Record<string, string> {
  if (view.mode === 'list') return {}
  if (view.mode === 'details') return { blend: String(view.blendId) }
  return { blend: String(view.blendId), edit: view.returnTo }
}

export function useJournalLocation() {
  const [params, setParams] = useSearchParams()
  const key = params.toString()
  const view = useMemo(() => parseJournalView(new URLSearchParams(key)), [key])
  const go = useCallback(
    (next: JournalView, options: { replace?: boolean } = {}) => setParams(toParams(next), { replace: options.replace }),
    [setParams],
  )
  return { view, go }
}
