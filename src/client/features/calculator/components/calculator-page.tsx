import { basedOnName } from '#shared/domain/ingredients.ts'
import { Calculator, Printer } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button, buttonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { amountProblem, calculateBatch, missingInputs, ratePercent, type RateBasis } from '#shared/domain/calculator.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { checkSafetyFor } from '#shared/domain/audiences.ts'
import { DEFAULT_AUDIENCE } from '#shared/domain/audience-ids.ts'
import { formatNumber, parseDecimal } from '#shared/domain/units.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { useAmountWords } from '#client/lib/amount-words.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useBlendDetail, useBlendPages } from '#client/lib/blend-queries.ts'
import { versionSource } from '#client/features/calculator/lib/blend-sources.ts'
import { PICKER_PAGE_SIZE } from '#client/features/calculator/components/blend-combobox.tsx'
import { CalculatorControls, type CalculatorState } from '#client/features/calculator/components/calculator-controls.tsx'
import { CalculatorResults } from '#client/features/calculator/components/calculator-results.tsx'
import { BatchCostPanel } from '#client/features/calculator/components/batch-cost-panel.tsx'
import { SafetyPanel } from '#client/features/calculator/components/safety-panel.tsx'
import { IfraPanel } from '#client/components/ifra-check.tsx'
import { UsageGuidePanel } from '#client/features/calculator/components/usage-guide-panel.tsx'
import { LabelLink } from '#client/features/calculator/components/label-link.tsx'
import { MakeCompliantSlot } from '#client/features/calculator/components/make-compliant-slot.tsx'
import { AccordWeighingChoice } from '#client/features/calculator/components/accord-weighing-choice.tsx'
import { accordChoices, useAccordHoldings } from '#client/features/calculator/lib/accord-stock.ts'
import { weighingLines, type AccordWeigh } from '#shared/domain/accord-weighing.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { audienceLabel } from '#client/lib/safety-words.ts'
import { missingLabel, productTypeLabel } from '#client/features/calculator/lib/words.ts'

export { wordsReady } from '#client/features/calculator/calculator-catalog.ts'

export const SELECT_BLEND_PROMPT = 'Select a blend to start calculating'
export const ENTER_BOTH_PROMPT = 'Enter both weight and percentage to see calculations'

const INITIAL: CalculatorState = {
  blend: null,
  versionId: null,
  weight: '',
  unit: 'g',
  percentage: '',
  productType: '',
  audience: DEFAULT_AUDIENCE,
  basis: 'product',
}

/**
 * /calculator: a saved blend's version turned into oil amounts for a batch (docs/product.md §2,
 * "Calculator"). The blend is picked from a searchable list that loads a page at a time; only the
 * chosen blend's versions are loaded (GET /api/blends/{id}).
 */
export function CalculatorPage() {
  const t = useMessages()
  const amounts = useAmountWords()
  // The picker's first page (the same request the picker makes): are there blends at all?
  const first = useBlendPages({ q: '', sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE })
  const oils = useOils()
  const [state, setState] = useState<CalculatorState>(INITIAL)
  // How each accord is weighed, by its version id (decision 074): its oils unless the maker says one line.
  const [weighs, setWeighs] = useState<Record<number, AccordWeigh>>({})
  const loaded = useBlendDetail(state.blend?.id ?? null)

  const catalog = useMemo(() => new Map((oils.data ?? []).map((oil) => [oil.id, oil])), [oils.data])
  const versions = loaded.data?.id === state.blend?.id ? (loaded.data?.versions ?? []) : []
  const version = versions.find((v) => v.id === state.versionId) ?? versions.at(-1)
  const source = loaded.data && version ? versionSource(loaded.data, version) : undefined
  const accords = version?.accords ?? []
  const densityOf = (oilId: number) => catalog.get(oilId)?.densityGPerMl
  const accordStock = useAccordHoldings(accords, weighs, densityOf)
  // Read in the browser's locale: "1,5" is one and a half, never fifteen (docs/product.md "Calculator numbers").
  const typedWeight = parseDecimal(state.weight)
  const typedPercentage = parseDecimal(state.percentage)
  const problemOf = (typed: typeof typedWeight) =>
    amountProblem(typed) === null
      ? null
      : typed.kind === 'invalid'
        ? t('calculator.problem.notNumber', { example: formatNumber(1.5, 1) })
        : t('calculator.problem.notPositive')
  const problems = { weight: problemOf(typedWeight), percentage: problemOf(typedPercentage) }
  const weight = typedWeight.kind === 'number' ? typedWeight.value : 0
  const percentage = typedPercentage.kind === 'number' ? typedPercentage.value : 0
  const missing = missingInputs({ hasBlend: source !== undefined, weight: typedWeight, oilPercentage: typedPercentage, basis: state.basis })
  // A rate against the soap's oils can be at most their weight (100 %, 16 oz per lb), as a share of the product 100 %.
  const overLimit = ratePercent(percentage, state.basis) > 100
  const productType = productTypeById(state.productType)
  // The product weight as typed: its own decimals, the locale's separators.
  const weightText = typedWeight.kind === 'number' ? formatNumber(typedWeight.value, typedWeight.decimals) : ''
  const rateDecimals = typedPercentage.kind === 'number' ? typedPercentage.decimals : 0

  const result =
    source && missing.length === 0 && !problems.weight && !problems.percentage && !overLimit
      ? calculateBatch({
          weight,
          unit: state.unit,
          oilPercentage: percentage,
          basis: state.basis,
          oils: source.oils.map((oil) => ({ ...oil, densityGPerMl: catalog.get(oil.id)?.densityGPerMl })),
        })
      : null
  // What the maker weighs: the same, or with an accord as one line, its oils' shares left out (decision 074).
  const asOneLine = new Set(
    accordChoices(accords)
      .filter((a) => weighs[a.versionId] === 'batch')
      .map((a) => a.versionId),
  )
  const weighed =
    result && version && asOneLine.size > 0
      ? calculateBatch({
          weight,
          unit: state.unit,
          oilPercentage: percentage,
          basis: state.basis,
          oils: weighingLines(version, asOneLine, densityOf),
        })
      : result
  const safety =
    result && productType
      ? checkSafetyFor(
          productType.use,
          result.rows.map((row) => ({
            name: row.name,
            productPercentage: row.productPercentage,
            safety: catalog.get(row.id)?.safety ?? null,
            basedOn: basedOnName(catalog.get(row.id), catalog),
          })),
          state.audience,
        )
      : null

  // Over a dermal maximum or a maximum for who it is for, or (in the IFRA panel) over the IFRA maximum: "Make it compliant".
  const overSafety =
    safety?.warnings.some((w) => w.kind === 'over-limit' || w.kind === 'avoid-for-audience' || w.kind === 'over-audience-total') ?? false
  const compliant =
    result && loaded.data && version && productType ? (
      <MakeCompliantSlot
        key={`${version.id}-${productType.id}`}
        blendId={loaded.data.id}
        versionId={version.id}
        productType={productType.id}
        productPercentage={result.productPercentage}
        audience={state.audience}
        weight={result.productInUnit}
        unit={state.unit}
        onUsePercentage={
          state.basis === 'product'
            ? (p) => setState((s) => ({ ...s, percentage: formatNumber(p, Number.isInteger(p) ? 0 : 2) }))
            : undefined
        }
        onSaved={(versionId) => setState((s) => ({ ...s, versionId }))}
      />
    ) : null

  const loading = first.isPending
  const failed = first.isError && !first.data
  const empty = !loading && (failed || first.data?.pages[0]?.counts.all === 0)

  return (
    <div className="flex flex-col gap-8 print:gap-4">
      {/* On paper: the title without the how-to under it. */}
      <PageHeading title={t('calculator.page.title')} className="print:[&>p]:hidden">
        {t('calculator.page.lead')}
      </PageHeading>

      {loading ? (
        <Spinner label={t('calculator.page.loadingBlends')} />
      ) : empty ? (
        <EmptyState failed={failed} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-6 print:gap-3">
            <Card className="print:hidden">
              <CardHeader>
                <CardTitle>{t('calculator.page.batchDetails')}</CardTitle>
              </CardHeader>
              <CardContent>
                <CalculatorControls
                  state={state}
                  problems={problems}
                  loaded={loaded}
                  versionId={version?.id ?? null}
                  onChange={(patch) => setState((s) => ({ ...s, ...patch }))}
                />
                {accords.length > 0 ? (
                  <div className="mt-6 border-t border-border pt-4">
                    <AccordWeighingChoice
                      accords={accords}
                      weighs={weighs}
                      onChange={(versionId, weigh) => setWeighs((w) => ({ ...w, [versionId]: weigh }))}
                    />
                  </div>
                ) : null}
              </CardContent>
            </Card>

            <Card>
              <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 print:px-4 print:pt-4">
                <CardTitle>{t('calculator.page.yourBatch')}</CardTitle>
                {result ? (
                  <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
                    <Printer aria-hidden="true" />
                    {t('calculator.page.print')}
                  </Button>
                ) : null}
              </CardHeader>
              <CardContent className="print:p-4">
                {result && source ? (
                  <>
                    <p className="mb-3 hidden text-sm print:block">
                      {source.label}:{' '}
                      {state.basis === 'product'
                        ? t('calculator.print.ofProduct', {
                            weight: amounts.withUnitName(weightText, weight, state.unit),
                            percent: shownPercent(percentage),
                          })
                        : t('calculator.print.ofSoapOils', {
                            weight: amounts.withUnitName(weightText, weight, state.unit),
                            rate:
                              state.basis === 'oils-percent'
                                ? t('calculator.print.ofTheirWeight', { percent: shownPercent(percentage) })
                                : t('calculator.print.ozPerLb', { rate: formatNumber(percentage, rateDecimals) }),
                          })}
                      {productType
                        ? ` ${
                            state.audience === 'adults'
                              ? `(${productTypeLabel(t, productType)})`
                              : t('calculator.print.forAudience', {
                                  product: productTypeLabel(t, productType),
                                  audience: audienceLabel(t, state.audience),
                                })
                          }`
                        : ''}
                      .
                    </p>
                    <CalculatorResults result={weighed ?? result} unit={state.unit} weightText={weightText} />
                    {loaded.data && version ? (
                      <LabelLink
                        blendId={loaded.data.id}
                        versionId={version.id}
                        productType={state.productType}
                        weight={result.productInUnit}
                        unit={state.unit}
                        oilPercentage={result.productPercentage}
                      />
                    ) : null}
                  </>
                ) : (
                  <Prompt
                    missing={missing}
                    hasBlend={source !== undefined}
                    overLimit={overLimit}
                    basis={state.basis}
                    fix={problems.weight !== null || problems.percentage !== null}
                  />
                )}
              </CardContent>
            </Card>

            {result ? <SafetyPanel report={safety} /> : null}
            {overSafety ? compliant : null}
            {result && loaded.data && version ? (
              <IfraPanel
                overAction={overSafety ? undefined : compliant}
                batch={
                  productType
                    ? {
                        versionId: version.id,
                        productType: productType.id,
                        weight: result.productInUnit,
                        unit: state.unit,
                        oilPercentage: result.productPercentage,
                      }
                    : null
                }
              />
            ) : null}
            {result && loaded.data && version ? (
              <BatchCostPanel
                result={weighed ?? result}
                projectId={loaded.data.id}
                accordStock={accordStock}
                batch={{
                  versionId: version.id,
                  productType: state.productType || 'other',
                  // Who it was made for, as the safety checks above took it (decision 069).
                  audience: state.audience,
                  // The product and the oil's share of it, as the server works a batch out (soap: calculateBatch's productShare).
                  weight: result.productInUnit,
                  unit: state.unit,
                  oilPercentage: result.productPercentage,
                  accords: accordChoices(accords).map((a) => ({ versionId: a.versionId, weigh: weighs[a.versionId] ?? 'oils' })),
                  // The maker's checks start from the version's own flags; Mark as made asks them again (issue 36).
                  crossContaminationPrevented: version.crossContaminationPrevented,
                  weighedInGrams: version.weighedInGrams,
                }}
              />
            ) : null}
          </div>
          <UsageGuidePanel />
        </div>
      )}
    </div>
  )
}

function Prompt({
  missing,
  hasBlend,
  overLimit,
  fix,
  basis,
}: {
  missing: string[]
  hasBlend: boolean
  overLimit: boolean
  fix: boolean
  basis: RateBasis
}) {
  const t = useMessages()
  if (overLimit && missing.length === 0) {
    return <p role="status">{basis === 'product' ? t('calculator.prompt.overProduct') : t('calculator.prompt.overSoapOils')}</p>
  }
  if (fix && missing.length === 0) {
    return <p role="status">{t('calculator.prompt.fix')}</p>
  }
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
      <Calculator aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium text-foreground">{hasBlend ? t('calculator.prompt.enterBoth') : t('calculator.prompt.selectBlend')}</p>
      {missing.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('calculator.prompt.missing', { fields: missing.map((field) => missingLabel(t, field)).join(', ') })}
        </p>
      ) : null}
    </div>
  )
}

function EmptyState({ failed }: { failed: boolean }) {
  const t = useMessages()
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 text-center">
        <h2 className="text-lg font-semibold text-foreground">
          {failed ? t('calculator.empty.failedTitle') : t('calculator.empty.title')}
        </h2>
        <p className="max-w-md text-muted-foreground">{failed ? t('calculator.empty.failedText') : t('calculator.empty.text')}</p>
        <Link to="/blend" className={buttonClass()}>
          {t('calculator.empty.create')}
        </Link>
      </CardContent>
    </Card>
  )
}
