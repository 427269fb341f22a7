import { LoaderCircle } from 'lucide-react'
import { RecordedIfra } from '#client/components/ifra-check.tsx'
import { useCallback, useId, useState } from 'react'
import type { Label, LabelOptions } from '#shared/api/labels.ts'
import { PRODUCT_TYPES, productTypeById } from '#shared/domain/safety.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Label as FieldLabel } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { useBatchPages } from '#client/lib/batches.ts'
import { useBlendDetail } from '#client/lib/blend-queries.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useBatchLabel, useSaveBatchLabel } from '#client/features/labels/api/labels.ts'
import { BlendLine, IngredientCard, PrintCard } from '#client/features/labels/components/label-parts.tsx'
import { LabelAllergens, LabelFacts, MissingWarning } from '#client/features/labels/components/label-view.tsx'
import { optionFieldErrors, requestOptionsOfLabel, valuesOfLabel } from '#client/features/labels/lib/label-format.ts'
import { nominalQuantity, type Nominal } from '#client/features/labels/lib/label-sheet-text.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'

/** The product types a label applies to: the cosmetics of the usage guide. */
const COSMETIC_TYPES = PRODUCT_TYPES.filter((type) => type.use !== 'home')

const savedAt = (iso: string) => new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A recorded batch's label: the one saved with it (GET), and "Save with this batch" (PUT), which
 * computes it from the bottles the batch drew with the options chosen here and keeps it with the
 * batch, so the journal shows what was declared.
 */
export function BatchLabel({ blendId, batchId }: { blendId: number; batchId: number }) {
  const t = useMessages()
  const saved = useBatchLabel(blendId, batchId)
  const blend = useBlendDetail(blendId)
  const batches = useBatchPages(blendId)
  const batch = batches.data?.pages.flatMap((page) => page.items).find((b) => b.id === batchId)

  if (saved.isPending) return <Spinner label={t('labels.batch.loading')} />
  if (saved.isError) {
    return (
      <LoadError
        message={t('labels.batch.loadFailed')}
        detail={saved.error.message}
        error={saved.error}
        onRetry={() => void saved.refetch()}
      />
    )
  }
  const made = batch
    ? t('labels.batch.made', {
        date: new Date(`${batch.madeOn}T12:00:00`).toLocaleDateString(currentLanguage(), { dateStyle: 'medium' }),
      })
    : ''
  return (
    <>
      <BlendLine
        name={blend.data?.name ?? null}
        reference={batch?.reference ?? null}
        batchCode={batch?.code ?? null}
        extra={<span className="text-base font-normal text-muted-foreground">{made}</span>}
      />
      <BatchLabelForm
        key={saved.data.label?.computedAt ?? 'none'}
        blendId={blendId}
        batchId={batchId}
        label={saved.data.label}
        batchType={batch?.productType ?? null}
        title={blend.data?.name ?? ''}
        batchCode={batch?.code ?? null}
        nominal={batch ? nominalQuantity(batch.weight, batch.unit, batch.units) : null}
      />
      {batch ? <RecordedIfra check={batch.ifra} /> : null}
    </>
  )
}

function BatchLabelForm({
  blendId,
  batchId,
  label,
  batchType,
  title,
  batchCode,
  nominal,
}: {
  blendId: number
  batchId: number
  label: Label | null
  /** The product type recorded with the batch, once the batch is found among the blend's batches. */
  batchType: string | null
  title: string
  batchCode: string | null
  /** The nominal quantity of one container, once the batch is found among the blend's batches. */
  nominal: Nominal | null
}) {
  const t = useMessages()
  const id = useId()
  const save = useSaveBatchLabel(blendId, batchId)
  const singleFlight = useSingleFlight()
  const recorded = batchType ? productTypeById(batchType) : undefined
  const [defaults] = useState(() => valuesOfLabel(label))
  const [options, setOptions] = useState<{ value: LabelOptions | null; changed: boolean }>(() => ({
    value: requestOptionsOfLabel(label),
    changed: false,
  }))
  const onOptions = useCallback((value: LabelOptions | null, changed: boolean) => setOptions({ value, changed }), [])
  const [check, setCheck] = useState(0)
  const [refused, setRefused] = useState<Record<string, string> | null>(null)
  const [productType, setProductType] = useState(label?.productType ?? '')
  const [typeError, setTypeError] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const needsType = batchType !== null && (recorded === undefined || recorded.use === 'home')

  async function saveLabel() {
    setMessage(null)
    setTypeError(null)
    if (!options.value) {
      setCheck((n) => n + 1)
      setMessage(t('labels.batch.checkList'))
      return
    }
    if (needsType && productType === '') {
      setTypeError(t('labels.batch.typeNeeded'))
      return
    }
    try {
      await save.mutateAsync({ ...options.value, ...(productType ? { productType } : {}) })
      toast.success(t('labels.batch.saved'), { description: t('labels.batch.savedDescription') })
    } catch (err) {
      const found = optionFieldErrors(err)
      setRefused(found.fields)
      const code = err instanceof ApiError ? err.code : ''
      if (found.fields.productType || code === 'UNKNOWN_PRODUCT_TYPE' || code === 'NOT_A_COSMETIC')
        setTypeError(found.fields.productType ?? found.message)
      else setMessage(found.message)
    }
  }

  const changed = label !== null && (options.changed || productType !== label.productType)

  const saveFooter = (
    <div className="grid gap-3 border-t border-border pt-4">
      <div className="grid gap-2 sm:max-w-sm">
        <FieldLabel htmlFor={`${id}-type`}>{t('labels.batch.productType')}</FieldLabel>
        <Select
          id={`${id}-type`}
          className="w-full"
          value={productType}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? `${id}-type-error` : `${id}-type-hint`}
          onChange={(event) => setProductType(event.target.value)}
        >
          <option value="">
            {recorded && recorded.use !== 'home'
              ? t('labels.batch.asRecorded', { type: productTypeName(t, recorded.id) })
              : t('labels.batch.chooseType')}
          </option>
          {COSMETIC_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {productTypeName(t, type.id)}
            </option>
          ))}
        </Select>
        {typeError ? (
          <p id={`${id}-type-error`} className="text-xs font-medium text-destructive">
            {typeError}
          </p>
        ) : (
          <p id={`${id}-type-hint`} className="text-xs text-muted-foreground">
            {t('labels.batch.typeHint')}
          </p>
        )}
      </div>
      {message ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {label
          ? t(changed ? 'labels.batch.lastSavedChanged' : 'labels.batch.lastSaved', { date: savedAt(label.computedAt) })
          : t('labels.batch.noneSaved')}
      </p>
      <Button
        className="justify-self-start"
        disabled={save.isPending}
        aria-disabled={save.isPending || undefined}
        onClick={() => void singleFlight(saveLabel)}
      >
        {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
        {save.isPending ? t('labels.batch.saving') : t('labels.batch.save')}
      </Button>
    </div>
  )

  if (!label) {
    return (
      <>
        <Card>
          <CardHeader>
            <CardTitle>{t('labels.batch.noneYet.title')}</CardTitle>
            <CardDescription>{t('labels.batch.noneYet.description')}</CardDescription>
          </CardHeader>
        </Card>
        <IngredientCard
          defaults={defaults}
          onOptions={onOptions}
          refused={refused}
          check={check}
          label={null}
          stale={false}
          footer={saveFooter}
        />
      </>
    )
  }
  return (
    <>
      <LabelFacts label={label} />
      <MissingWarning label={label} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <LabelAllergens label={label} />
      </div>
      <IngredientCard
        defaults={defaults}
        onOptions={onOptions}
        refused={refused}
        check={check}
        label={label}
        stale={changed}
        footer={saveFooter}
      />
      <PrintCard
        label={label}
        title={title}
        batchCode={batchCode}
        batchId={batchId}
        nominal={nominal ?? { amount: label.productGrams, unit: 'g' }}
      />
    </>
  )
}
