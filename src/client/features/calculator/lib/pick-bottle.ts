import type { Bottle } from '#shared/api/shelf.ts'
import { scannedCode } from '#client/lib/qr/code-url.ts'
import type { Translate } from '#client/features/calculator/lib/words.ts'

/** A bottle in the From list, in plain words: its lot, supplier, best-before and what is left, and its number. */
export function bottleOptionLabel(t: Translate, bottle: Bottle): string {
  const parts = [bottle.lotCode ? t('calculator.bottle.lot', { lot: bottle.lotCode }) : t('calculator.bottle.noLot')]
  if (bottle.supplier) parts.push(t('calculator.bottle.supplier', { supplier: bottle.supplier }))
  if (bottle.bestBefore) parts.push(t('calculator.bottle.bestBefore', { date: bottle.bestBefore }))
  parts.push(t('calculator.bottle.left', { ml: Math.round(bottle.remainingMl * 100) / 100 }))
  return t('calculator.bottle.option', { parts: parts.join(', '), id: bottle.id })
}

/**
 * What a scanned or typed code picks for one oil: one of its bottles offered, or what the scanner
 * says instead (and keeps looking).
 */
export function pickFromCode(
  t: Translate,
  code: string,
  origin: string,
  oilName: string,
  bottles: readonly Bottle[],
): { bottleId: number } | { says: string } {
  const read = scannedCode(code, origin)
  if (!read.found) {
    return read.reason === 'other-server'
      ? { says: t('calculator.scan.otherServer', { host: read.host }) }
      : { says: t('calculator.scan.notAccord') }
  }
  if (read.kind !== 'bottle') return { says: t('calculator.scan.batchCode') }
  if (!bottles.some((b) => b.id === read.id)) {
    return { says: t('calculator.scan.notYours', { id: read.id, oil: oilName }) }
  }
  return { bottleId: read.id }
}
