import { Info } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { Label, LabelOptions, LabelPreviewRequest } from '#shared/api/labels.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { IfraPanel } from '#client/components/ifra-check.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { buttonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { useBlendDetail } from '#client/lib/blend-queries.ts'
import { labelSourceOf, type LabelSource } from '#client/lib/label-links.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import { usePreviewLabel } from '#client/features/labels/api/labels.ts'
import { BatchLabel } from '#client/features/labels/components/batch-label.tsx'
import { LotWarnings } from '#client/components/lot-warnings.tsx'
import { HomeFragranceNotice } from '#client/features/labels/components/home-fragrance-notice.tsx'
import { BlendLine, IngredientCard, PrintCard } from '#client/features/labels/components/label-parts.tsx'
import { LabelAllergens, LabelFacts, MissingWarning } from '#client/features/labels/components/label-view.tsx'
import { DEFAULT_OPTIONS, DEFAULT_REQUEST_OPTIONS, optionFieldErrors } from '#client/features/labels/lib/label-format.ts'
import { nominalQuantity } from '#client/features/labels/lib/label-sheet-text.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'

export { wordsReady } from '#client/features/labels/labels-catalog.ts'

export { HOME_FRAGRANCE_TEXT } from '#client/lib/label-links.ts'

/**
 * /label (docs/product.md "The allergen screens"): the EU allergen declaration and the ingredient list
 * of a batch, from the calculator's inputs (a preview: nothing is saved) or from a recorded batch
 * (saved with it). Its own chunk; the calculator and the journal link here by address.
 */
export function LabelPage() {
  const [params] = useSearchParams()
  const source = useMemo(() => labelSourceOf(params), [params])
  const t = useMessages()
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t('labels.page.title')}>{t('labels.page.description')}</PageHeading>
      <p className="flex gap-3 rounded-lg border border-border bg-primary-soft p-4 text-sm text-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>{t('labels.page.notice')}</span>
      </p>
      {source.mode === 'preview' ? (
        <PreviewLabel source={source} />
      ) : source.mode === 'batch' ? (
        <BatchLabel blendId={source.blendId} batchId={source.batchId} />
      ) : (
        <Card>
          <CardContent className="flex flex-col items-start gap-3">
            <h2 className="text-lg font-semibold text-foreground">{t('labels.page.noBatch.title')}</h2>
            <p className="text-muted-foreground">{t('labels.page.noBatch.description')}</p>
            <Link to="/calculator" className={buttonClass()}>
              {t('labels.page.noBatch.open')}
            </Link>
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function PreviewLabel({ source }: { source: Extract<LabelSource, { mode: 'preview' }> }) {
  const t = useMessages()
  const blend = useBlendDetail(source.blendId)
  const version = blend.data?.versions.find((v) => v.id === source.versionId)
  const type = productTypeById(source.productType)
  // Ask again once typing pauses, with the last options that held (half-typed rows ask nothing).
  const [valid, setValid] = useState(() => JSON.stringify(DEFAULT_REQUEST_OPTIONS))
  const onOptions = useCallback((options: LabelOptions | null) => {
    if (options) setValid(JSON.stringify(options))
  }, [])
  const typed = useDebouncedValue(valid, 400)
  const request: LabelPreviewRequest | null =
    type && type.use !== 'home'
      ? {
          versionId: source.versionId,
          productType: source.productType,
          weight: source.weight,
          unit: source.unit,
          oilPercentage: source.oilPercentage,
          ...(JSON.parse(typed) as LabelOptions),
        }
      : null
  const preview = usePreviewLabel(request)
  // A refused request (a base over 100 % with the oils) keeps the last label on screen.
  const [shown, setShown] = useState<Label | null>(null)
  if (preview.data && preview.data !== shown) setShown(preview.data)
  const label = preview.data ?? shown
  const refused = useMemo(() => (preview.error ? optionFieldErrors(preview.error) : null), [preview.error])

  const name = blend.data?.name ?? null
  const reference = version?.referenceNumber ?? null
  // The IFRA check of the same batch, from the certificates of the lots it would draw (decision 070).
  const ifraBatch = type
    ? { versionId: source.versionId, productType: type.id, weight: source.weight, unit: source.unit, oilPercentage: source.oilPercentage }
    : null

  if (!type) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3">
          <h2 className="text-lg font-semibold text-foreground">{t('labels.preview.noType.title')}</h2>
          <p className="text-muted-foreground">{t('labels.preview.noType.description')}</p>
          <Link to="/calculator" className={buttonClass()}>
            {t('labels.preview.noType.back')}
          </Link>
        </CardContent>
      </Card>
    )
  }
  if (type.use === 'home') {
    return (
      <>
        <BlendLine name={name} reference={reference} />
        <HomeFragranceNotice source={source} typeLabel={productTypeName(t, type.id)} />
        <IfraPanel batch={ifraBatch} />
      </>
    )
  }

  return (
    <>
      <BlendLine name={name} reference={reference} />
      {!label && preview.isPending ? (
        <Spinner label={t('labels.preview.computing')} />
      ) : !label ? (
        <LoadError
          message={t('labels.preview.failed')}
          detail={preview.error instanceof ApiError ? preview.error.message : undefined}
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('labels.preview.hint')}</p>
          {refused && Object.keys(refused.fields).length === 0 ? (
            <LoadError inline message={t('labels.preview.failedAgain')} detail={refused.message} onRetry={() => void preview.refetch()} />
          ) : null}
          <LotWarnings warnings={label.lotWarnings ?? []} />
          <LabelFacts label={label} />
          <MissingWarning label={label} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <LabelAllergens label={label} />
          </div>
          <IngredientCard
            defaults={DEFAULT_OPTIONS}
            onOptions={onOptions}
            refused={refused?.fields ?? null}
            label={label}
            stale={preview.data === undefined || preview.isPlaceholderData || preview.isFetching}
          />
          <IfraPanel batch={ifraBatch} />
          <PrintCard label={label} title={name ?? ''} batchCode={null} nominal={nominalQuantity(source.weight, source.unit, null)} />
        </>
      )}
    </>
  )
}
