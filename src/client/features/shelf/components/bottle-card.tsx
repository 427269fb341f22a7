import { FileCheck, Files, History, Pencil, QrCode, ScrollText } from 'lucide-react'
import { Link } from 'react-router'
import type { Bottle } from '#shared/api/shelf.ts'
import { bottlePagePath } from '#shared/domain/bench-paths.ts'
import { todayIn } from '#shared/domain/calendar-date.ts'
import { lotStatus, type LotStatus } from '#shared/domain/shelf-life.ts'
import { Button, buttonClass } from '#client/components/ui/button.tsx'
import { DeleteBottleDialog } from '#client/features/shelf/components/delete-bottle-dialog.tsx'
import { formatDay, formatPrice, formatQuantity } from '#client/features/shelf/lib/format.ts'
import { lotStatusLine } from '#client/features/shelf/lib/lot-status.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'

type Translate = ReturnType<typeof useMessages>

/**
 * "12 allergens declared", that the sheet declares none (0), or that the bottle has no declaration
 * (docs/product.md "The allergen screens"). A sheet is saved only once each of its unread lines is
 * resolved or dismissed, so "declared" never stands for a sheet read in part.
 */
export function declarationStatus(t: Translate, declared: number | null): string {
  if (declared === null) return t('shelf.card.noDeclaration')
  if (declared === 0) return t('shelf.card.declaresNone')
  return t('shelf.card.declared', { count: declared })
}

/** The bottle's IFRA certificate as the shelf's list gives it (decision 070); nothing when the answer did not say. */
export function ifraStatus(t: Translate, amendment: string | null | undefined): string | null {
  if (amendment === undefined) return null
  return amendment === null ? t('shelf.card.noIfra') : t('shelf.card.ifra', { amendment })
}

/**
 * One bottle: how full it is, what it cost and where it came from, whether its allergens are
 * declared, with Allergens, IFRA, Documents, Edit and Delete.
 */
export function BottleCard({
  bottle,
  currency,
  onEdit,
  onAllergens,
  onIfra,
  onDocuments,
  onQrCode,
}: {
  bottle: Bottle
  currency: string | null
  onEdit: (bottle: Bottle) => void
  onAllergens: (bottle: Bottle) => void
  onIfra?: ((bottle: Bottle) => void) | undefined
  onDocuments?: ((bottle: Bottle) => void) | undefined
  /** Its QR code (docs/product.md "QR codes at the bench"). */
  onQrCode?: ((bottle: Bottle) => void) | undefined
}) {
  const t = useMessages()
  const shownName = useOilName()
  const ifra = ifraStatus(t, bottle.ifraAmendment)
  const full = bottle.size > 0 ? Math.min(1, Math.max(0, bottle.remaining / bottle.size)) : 0
  const facts = [
    bottle.supplier,
    bottle.lotCode ? t('shelf.code.lot', { lot: bottle.lotCode }) : null,
    bottle.purchasedOn ? t('shelf.card.bought', { day: formatDay(bottle.purchasedOn) }) : null,
    bottle.openedOn ? t('shelf.card.opened', { day: formatDay(bottle.openedOn) }) : null,
    bottle.bestBefore ? t('shelf.card.bestBefore', { day: formatDay(bottle.bestBefore) }) : null,
  ].filter(Boolean)
  // The one rule (docs/product.md "Lots and expiry") on the maker's own day; a bottle with nothing left says nothing.
  const dates = { bestBefore: bottle.bestBefore ?? null, openedOn: bottle.openedOn ?? null }
  const status = bottle.remaining > 0 ? lotStatus(dates, bottle.oxidisesSoon ?? false, todayIn()) : null
  const headingId = `bottle-${bottle.id}-name`
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-foreground">
            {shownName(bottle.oilName)}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('shelf.card.leftOf', {
              left: formatQuantity(bottle.remaining, bottle.unit),
              size: formatQuantity(bottle.size, bottle.unit),
            })}
          </p>
        </div>
        <p className="text-sm font-medium tabular-nums text-foreground">
          {bottle.price === null ? (
            <span className="font-normal text-muted-foreground">{t('shelf.noPrice')}</span>
          ) : (
            formatPrice(bottle.price, currency)
          )}
        </p>
      </div>
      <div
        role="meter"
        aria-label={t('shelf.card.amountLeft', { oil: shownName(bottle.oilName) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(full * 100)}
        aria-valuetext={`${Math.round(full * 100)}% ${t('shelf.card.percentLeft')}`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${full * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{facts.length > 0 ? facts.join(' · ') : t('shelf.card.noSupplier')}</p>
      {status && flagged(status) ? (
        <p className={`rounded-md px-2 py-1 text-xs font-medium ${STATUS_CLASS[status]}`} data-testid="lot-status">
          {lotStatusLine(t, status, dates)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <p className={bottle.declaredAllergens === null ? 'text-xs font-medium text-amber-800' : 'text-xs text-muted-foreground'}>
            {declarationStatus(t, bottle.declaredAllergens)}
          </p>
          {ifra ? (
            <p className={bottle.ifraAmendment === null ? 'text-xs font-medium text-amber-800' : 'text-xs text-muted-foreground'}>{ifra}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onAllergens(bottle)}
            aria-label={t('shelf.card.allergensOf', { oil: shownName(bottle.oilName) })}
          >
            <ScrollText aria-hidden="true" />
            {t('shelf.card.allergens')}
          </Button>
          {onIfra ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onIfra(bottle)}
              aria-label={t('shelf.card.ifraOf', { oil: shownName(bottle.oilName) })}
            >
              <FileCheck aria-hidden="true" />
              {t('shelf.card.ifraButton')}
            </Button>
          ) : null}
          <Link
            to={bottlePagePath(bottle.id)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
            aria-label={t('shelf.card.batchesOf', { oil: shownName(bottle.oilName) })}
          >
            <History aria-hidden="true" />
            {t('shelf.card.batches')}
          </Link>
          {onDocuments ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onDocuments(bottle)}
              aria-label={t('shelf.card.documentsOf', { oil: shownName(bottle.oilName) })}
            >
              <Files aria-hidden="true" />
              {t('shelf.card.documents')}
            </Button>
          ) : null}
          {onQrCode ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onQrCode(bottle)}
              aria-label={t('shelf.card.qrCodeOf', { oil: shownName(bottle.oilName) })}
            >
              <QrCode aria-hidden="true" />
              {t('shelf.card.qrCode')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(bottle)}
            aria-label={t('shelf.card.editOf', { oil: shownName(bottle.oilName) })}
          >
            <Pencil aria-hidden="true" />
            {t('shelf.card.edit')}
          </Button>
          <DeleteBottleDialog bottle={bottle} />
        </div>
      </div>
    </article>
  )
}

const flagged = (status: LotStatus): status is 'expired' | 'expires-soon' | 'opened-long-ago' =>
  status === 'expired' || status === 'expires-soon' || status === 'opened-long-ago'

const STATUS_CLASS: Record<'expired' | 'expires-soon' | 'opened-long-ago', string> = {
  expired: 'bg-destructive/10 text-destructive',
  'opened-long-ago': 'bg-accent-soft text-foreground',
  'expires-soon': 'bg-accent-soft text-foreground',
}
