import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

/**
 * Where the journal is (docs/product.md §2 "three modes"), kept in the URL so Back, reload and a shared
 * link land in the same place: /journal (list), ?blend=12 (details), ?blend=12&edit=details (editor;
 * `edit` says where Cancel returns to), ?blend=12&view=compare&a=001a&b=001c (two versions compared,
 * each named by its reference, letter or id; decision 037).
 */
export type JournalView =
  | { mode: 'list' }
  | { mode: 'details'; blendId: number }
  | { mode: 'editor'; blendId: number; returnTo: 'list' | 'details' }
  | { mode: 'compare'; blendId: number; a: string; b: string }

/** A version as the address names it: what GET /api/blends/{id}/compare accepts, else the first version. */
function versionParam(value: string | null): string {
  const text = (value ?? '').trim().toLowerCase()
  return /^([1-9][0-9]{0,9}|[0-9]{0,10}[a-z]{1,4})$/.test(text) ? text : 'a'
}

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
  if (params.get('view') === 'compare')
    return { mode: 'compare', blendId, a: versionParam(params.get('a')), b: versionParam(params.get('b')) }
  return { mode: 'details', blendId }
}

function toParams(view: JournalView): Record<string, string> {
  if (view.mode === 'list') return {}
  if (view.mode === 'details') return { blend: String(view.blendId) }
  if (view.mode === 'compare') return { blend: String(view.blendId), view: 'compare', a: view.a, b: view.b }
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
