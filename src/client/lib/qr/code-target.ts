/**
 * What the QR code dialogs share with their panels (components/qr/), kept apart so a dialog and the
 * panel it loads on demand do not import each other.
 */

/** What a QR code names: a bottle or a batch, with the words printed under its code. */
export interface CodeTarget {
  kind: 'bottle' | 'batch'
  id: number
  /** The oil, or the blend: the code's title. */
  title: string
  /** The lot and supplier, or the batch code and day; the number is added under them. */
  lines: string[]
}

/** The catalogs' lookup (useMessages); the words are the 'common' section's (lib/common-words.ts). */
type Say = (id: string, values?: Record<string, unknown>) => string

export const codeDialogTitle = (t: Say, target: CodeTarget) => t('common.qr.title', { title: target.title })

/** "Bottle no. 12": what the maker types in the scanner when no camera can be used. */
export const numberLine = (t: Say, target: Pick<CodeTarget, 'kind' | 'id'>) =>
  t(target.kind === 'bottle' ? 'common.qr.bottleNo' : 'common.qr.batchNo', { id: target.id })

export const scanTitle = (t: Say) => t('common.qr.scanTitle')

/**
 * The scanner picking a bottle rather than opening a page (decision 085): each code read, or each
 * number typed, goes to `onCode` (the code's text, or a typed number as its bottle's path); its
 * answer is what the status line says and the scanner keeps looking, null closes it.
 */
export interface PickMode {
  onCode: (code: string) => string | null
  title: string
  description: string
}
