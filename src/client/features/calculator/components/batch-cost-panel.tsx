import { Link } from 'react-router'
import { useId, useMemo, useState } from 'react'
import type { CreateBatch } from '#shared/api/shelf.ts'
import type { CalculatorResult } from '#shared/domain/calculator.ts'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useShelfOils } from '#client/lib/shelf-queries.ts'
import { batchCostTotals, batchOilCosts, shortfalls, type ShelfHolding } from '#shared/domain/shelf.ts'
import { BatchCostTable, money } from '#client/features/calculator/components/batch-cost-table.tsx'
import { MarkAsMade } from '#client/features/calculator/components/mark-as-made.tsx'
import { ShelfShortage } from '#client/features/calculator/components/shelf-shortage.tsx'
import { LotWarnings, lotWarningsFor } from '#client/components/lot-warnings.tsx'
import { useDrawBottles } from '#client/features/calculator/api/draw-bottles.ts'
import { chosenDraws, fromBottlesOf, type DrawOil } from '#client/features/calculator/lib/draw-choice.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

/** A whole positive number of product units, or null for blank or anything else. */
export function parseUnits(text: string): number | null {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(value) && value > 0 && value <= 100_000 ? value : null
}

/**
 * The batch priced from the user's shelf (docs/product.md, "The oil shelf"): the cost per oil and
 * for the batch, per product unit when the maker says how many units it makes; a warning when the
 * shelf holds too little; "Mark as made" to record it.
 */
export function BatchCostPanel({
  result,
  projectId,
  batch,
  accordStock,
}: {
  result: CalculatorResult
  projectId: number
  batch: Omit<CreateBatch, 'units' | 'madeOn'>
  /** The accords weighed as one line: their neat batches' stock and cost, by row id (decision 074). */
  accordStock?: { holdings: ReadonlyMap<number, ShelfHolding>; pending: boolean; failed: boolean }
}) {
  const t = useMessages()
  const shelf = useShelfOils()
  const id = useId()
  const [unitsText, setUnitsText] = useState('')
  const units = parseUnits(unitsText)
  const bottles = useMemo(() => new Map<number, ShelfHolding>((shelf.data?.items ?? []).map((oil) => [oil.oilId, oil])), [shelf.data])
  const holdings = accordStock ? new Map([...bottles, ...accordStock.holdings]) : bottles
  const oils = batchOilCosts(result.rows, holdings)
  // An oil in two layers is one line here: its rows' shown millilitres, added.
  const shownMl = new Map<number, number>()
  for (const row of result.rows) shownMl.set(row.id, Math.round(((shownMl.get(row.id) ?? 0) + row.shownMl) * 100) / 100)
  const totals = batchCostTotals(oils, units)
  const short = shortfalls(oils)
  // The bottle the maker chose to draw each oil from first (decision 090), kept through a failed save.
  const [choice, setChoice] = useState<ReadonlyMap<number, number>>(new Map())
  // Accords weighed as one line have negative row ids: only oils are drawn from bottles.
  const drawBottles = useDrawBottles(
    oils.filter((oil) => oil.oilId > 0).map((oil) => oil.oilId),
    shelf.data?.items,
  )
  const drawOils: DrawOil[] = oils.flatMap((oil) => {
    const list = drawBottles.get(oil.oilId)
    return list ? [{ oilId: oil.oilId, oilName: oil.oilName, bottles: list }] : []
  })
  const chosen = chosenDraws(choice, drawBottles)
  // Which bottles the draw takes is the server's order (GET /api/shelf/oils' ageingLots) moved for
  // the chosen bottles as the server moves it (drawnLotsToWarnFrom), never a guess here.
  const lotWarnings = shelf.data ? lotWarningsFor(oils, shelf.data.items, chosen) : []
  const currency = shelf.data?.currency ?? null
  const empty = shelf.data?.items.length === 0
  // On paper the batch sheet carries what the batch costs when the shelf prices any of its oils;
  // the per-oil list, the units field, the shelf's warnings and 'Mark as made' stay on screen.
  const printed = shelf.isSuccess && totals.totalCost !== null
  const [emptyBefore, emptyAfter] = aroundPlaceholder(t, 'calculator.cost.empty', 'link')
  const [currencyBefore, currencyAfter] = aroundPlaceholder(t, 'calculator.cost.currency', 'link')

  return (
    <Card className={printed ? 'print:break-inside-avoid' : 'print:hidden'} data-testid="batch-cost-panel">
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>{t('calculator.cost.title')}</CardTitle>
        <CardDescription>{t('calculator.cost.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 print:p-4">
        {accordStock?.failed ? (
          <p role="alert" className="text-sm text-destructive">
            {t('calculator.cost.accordFailed')}
          </p>
        ) : null}
        {shelf.isPending || accordStock?.pending ? (
          <Spinner label={t('calculator.cost.loading')} />
        ) : shelf.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('calculator.cost.failed')}
          </p>
        ) : (
          <>
            {empty ? (
              <p className="text-sm text-muted-foreground">
                {emptyBefore}
                <Link to="/shelf" className={textButtonClass}>
                  {t('calculator.cost.addBottles')}
                </Link>
                {emptyAfter}
              </p>
            ) : null}
            <div className="print:hidden">
              <BatchCostTable oils={oils} currency={currency} shownMl={shownMl} />
            </div>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-start">
              <dl className="grid gap-3 text-sm">
                <div className="rounded-lg bg-primary-soft p-3 print:p-0">
                  <dt className="font-medium text-primary">{t('calculator.cost.batch')}</dt>
                  <dd className="font-display text-2xl font-semibold text-foreground" data-testid="batch-cost">
                    {totals.totalCost === null ? t('calculator.cost.noPrice') : money(totals.totalCost, currency)}
                  </dd>
                  {totals.costIsPartial ? <dd className="text-muted-foreground">{t('calculator.cost.partial')}</dd> : null}
                </div>
                {units !== null ? (
                  <div className="rounded-lg border border-border p-3">
                    <dt className="text-muted-foreground">{t('calculator.cost.perUnit', { units })}</dt>
                    <dd className="font-semibold tabular-nums text-foreground" data-testid="unit-cost">
                      {totals.costPerUnit === null ? t('calculator.cost.noPrice') : money(totals.costPerUnit, currency)}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <div className="grid gap-2 print:hidden">
                <Label htmlFor={`${id}-units`}>{t('calculator.cost.units')}</Label>
                <Input
                  id={`${id}-units`}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={t('calculator.cost.optional')}
                  value={unitsText}
                  aria-describedby={`${id}-units-hint`}
                  aria-invalid={unitsText.trim() !== '' && units === null ? true : undefined}
                  onChange={(event) => setUnitsText(event.target.value)}
                />
                <p id={`${id}-units-hint`} className="text-xs text-muted-foreground">
                  {unitsText.trim() !== '' && units === null ? t('calculator.cost.unitsProblem') : t('calculator.cost.unitsHint')}
                </p>
              </div>
            </div>
            {currency === null && totals.totalCost !== null ? (
              <p className="text-sm text-muted-foreground print:hidden">
                {currencyBefore}
                <Link to="/shelf" className={textButtonClass}>
                  {t('calculator.cost.chooseCurrency')}
                </Link>
                {currencyAfter}
              </p>
            ) : null}
            {empty ? null : (
              <div className="print:hidden">
                <ShelfShortage short={short} shownMl={shownMl} />
              </div>
            )}
            <LotWarnings warnings={lotWarnings} />
          </>
        )}
        <MarkAsMade
          projectId={projectId}
          body={{ ...batch, units, fromBottles: fromBottlesOf(chosen) }}
          lotWarnings={lotWarnings}
          draw={{
            oils: drawOils,
            choice,
            onChoose: (oilId, bottleId) =>
              setChoice((was) => {
                const next = new Map(was)
                if (bottleId === null) next.delete(oilId)
                else next.set(oilId, bottleId)
                return next
              }),
          }}
        />
      </CardContent>
    </Card>
  )
}
