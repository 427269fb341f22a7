import { FlaskConical, Plus, ScanLine } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Bottle } from '#shared/api/shelf.ts'
import { CurrencyForm } from '#client/components/currency-form.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useShelfOils, useUserSettings } from '#client/lib/shelf-queries.ts'
import { bottlesOf, useBottlePages } from '#client/features/shelf/api/bottles.ts'
import { BottleDialog } from '#client/features/shelf/components/bottle-dialog.tsx'
import { AgeingLots } from '#client/features/shelf/components/ageing-lots.tsx'
import { BottleList } from '#client/features/shelf/components/bottle-list.tsx'
import { DeclarationDialog } from '#client/features/shelf/components/declaration-dialog.tsx'
import { IfraDialog } from '#client/features/shelf/components/ifra-dialog.tsx'
import { DocumentsDialog } from '#client/features/shelf/components/documents-dialog.tsx'
import { ShelfEmpty } from '#client/features/shelf/components/shelf-empty.tsx'
import { ShelfOilsTable } from '#client/features/shelf/components/shelf-oils-table.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { QrCodeDialog, type CodeTarget } from '#client/components/qr/qr-code-dialog.tsx'
import { ScanDialog } from '#client/components/qr/scan-dialog.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/shelf/shelf-catalog.ts'

type Translate = ReturnType<typeof useMessages>

/** What a bottle's printed QR code says under it: its lot and supplier (docs/product.md "QR codes at the bench"). */
export function bottleCodeTarget(t: Translate, bottle: Bottle): CodeTarget {
  const lot = [bottle.lotCode ? t('shelf.code.lot', { lot: bottle.lotCode }) : t('shelf.code.noLot'), bottle.supplier]
    .filter(Boolean)
    .join(' · ')
  return { kind: 'bottle', id: bottle.id, title: bottle.oilName, lines: [lot] }
}

/** `?scan=1` opens the scanner: the phone's menu links here (main-nav-menu.tsx). */
export const SCAN_PARAM = 'scan'

/**
 * /shelf (docs/product.md, "The oil shelf"): the bottles the user owns, a line per oil with what is
 * left and what a mL costs, and the one currency prices are in. Bottles load a page at a time.
 * "Scan a code" opens the camera to find a bottle or a batch by its QR code.
 */
export function ShelfPage() {
  const t = useMessages()
  const oils = useShelfOils()
  const settings = useUserSettings()
  const bottles = useBottlePages()
  const [editing, setEditing] = useState<{ bottle: Bottle | null } | null>(null)
  const [declaring, setDeclaring] = useState<Bottle | null>(null)
  const [certifying, setCertifying] = useState<Bottle | null>(null)
  const [filing, setFiling] = useState<Bottle | null>(null)
  const [coding, setCoding] = useState<Bottle | null>(null)
  const [params, setParams] = useSearchParams()
  const scanning = params.get(SCAN_PARAM) === '1'
  const setScanning = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (open) next.set(SCAN_PARAM, '1')
        else next.delete(SCAN_PARAM)
        return next
      },
      { replace: !open },
    )
  const currency = settings.data?.currency ?? oils.data?.currency ?? null
  const items = bottlesOf(bottles.data)
  const addBottle = () => setEditing({ bottle: null })

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={t('shelf.page.title')}>{t('shelf.page.lead')}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setScanning(true)}>
            <ScanLine aria-hidden="true" />
            {t('shelf.page.scan')}
          </Button>
          <Button asChild variant="outline">
            <Link to="/ingredients">
              <FlaskConical aria-hidden="true" />
              {t('shelf.page.ingredients')}
            </Link>
          </Button>
          <Button onClick={addBottle}>
            <Plus aria-hidden="true" />
            {t('shelf.page.addBottle')}
          </Button>
        </div>
      </div>

      {bottles.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('shelf.page.loading')} />
        </div>
      ) : bottles.isError ? (
        <LoadError
          message={t('shelf.page.loadError')}
          detail={bottles.error.message}
          error={bottles.error}
          onRetry={() => void bottles.refetch()}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-6">
            {items.length === 0 ? (
              <ShelfEmpty onAdd={addBottle} />
            ) : (
              <>
                {oils.data ? <AgeingLots oils={oils.data.items} /> : null}
                <Card>
                  <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
                    <CardTitle>{t('shelf.oils.title')}</CardTitle>
                    <CardDescription>{t('shelf.oils.description')}</CardDescription>
                  </CardHeader>
                  <CardContent className="p-4 sm:p-6">
                    {oils.isError ? (
                      <p role="alert" className="text-sm text-destructive">
                        {t('shelf.oils.loadError')}
                      </p>
                    ) : oils.data ? (
                      <ShelfOilsTable oils={oils.data.items} currency={currency} />
                    ) : (
                      <Spinner label={t('shelf.oils.loading')} />
                    )}
                  </CardContent>
                </Card>
                <BottleList
                  bottles={bottles}
                  items={items}
                  currency={currency}
                  onEdit={(bottle) => setEditing({ bottle })}
                  onAllergens={setDeclaring}
                  onIfra={setCertifying}
                  onDocuments={setFiling}
                  onQrCode={setCoding}
                />
              </>
            )}
          </div>
          {/* Until a currency is chosen, the chooser comes first on a phone: prices need it. */}
          <aside
            aria-label={t('shelf.currency.title')}
            className={settings.data?.currency ? 'lg:sticky lg:top-20' : 'order-first lg:order-none lg:sticky lg:top-20'}
          >
            <Card>
              <CardHeader>
                <CardTitle>{t('shelf.currency.title')}</CardTitle>
                <CardDescription>{t('shelf.currency.description')}</CardDescription>
              </CardHeader>
              <CardContent>
                {settings.isPending ? (
                  <Spinner label={t('shelf.currency.loading')} />
                ) : settings.isError ? (
                  <p role="alert" className="text-sm text-destructive">
                    {t('shelf.currency.loadError')}
                  </p>
                ) : (
                  <CurrencyForm current={settings.data.currency} />
                )}
              </CardContent>
            </Card>
          </aside>
        </div>
      )}

      <BottleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        bottle={editing?.bottle ?? null}
        currency={currency}
      />
      <DeclarationDialog bottle={declaring} onOpenChange={(open) => !open && setDeclaring(null)} />
      <IfraDialog bottle={certifying} onOpenChange={(open) => !open && setCertifying(null)} />
      <DocumentsDialog bottle={filing} onOpenChange={(open) => !open && setFiling(null)} />
      <QrCodeDialog target={coding ? bottleCodeTarget(t, coding) : null} onOpenChange={(open) => !open && setCoding(null)} />
      <ScanDialog open={scanning} onOpenChange={setScanning} />
    </div>
  )
}
