import { hashKey } from '@tanstack/react-query'
import { blendListKey } from '#client/lib/blend-queries.ts'
import type { ScreenRead } from '#client/lib/offline/device-protocol.ts'
import { fillOnDevice } from '#client/lib/offline/sync.ts'
import { SETTINGS_QUERY_KEY, SHELF_OILS_KEY } from '#client/lib/shelf-queries.ts'
import { PICKER_PAGE_SIZE } from '#client/features/calculator/components/blend-combobox.tsx'
import { BOTTLES_KEY } from '#client/features/shelf/api/bottles.ts'

/**
 * What the device keeps of the other screens besides the blends the journal listed (decision
 * 039): the calculator's first page of blends and the shelf's first page, totals and currency,
 * read once by the device worker when the device lacks them (decision 065). The blends the
 * journal listed are the worker's own business: it sees every list the page reads. This lives in
 * `app/` because it names the calculator's and the shelf's reads.
 */
export function screenReads(): ScreenRead[] {
  const picker = { q: '', sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE } as const
  const read = (queryKey: readonly unknown[], path: string, infinite: boolean): ScreenRead => ({
    queryKey: [...queryKey],
    hash: hashKey(queryKey),
    path,
    infinite,
  })
  return [
    read(SHELF_OILS_KEY, '/api/shelf/oils', false),
    read(SETTINGS_QUERY_KEY, '/api/me/settings', false),
    read(BOTTLES_KEY, '/api/shelf/bottles', true),
    read(blendListKey(picker), `/api/blends?sort=${picker.sort}&status=${picker.status}&limit=${picker.limit}`, true),
  ]
}

/** Hands the screens' reads to the device worker; returns the stop function (nothing left to stop: the worker ends with the sync). */
export function startOfflineFill(): () => void {
  fillOnDevice(screenReads())
  return () => {}
}
