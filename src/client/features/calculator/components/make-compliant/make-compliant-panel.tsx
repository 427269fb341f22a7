import { ShieldCheck, X } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { ComplianceAnswer, ComplianceRequest } from '#shared/api/compliance.ts'
import type { AudienceId } from '#shared/domain/audience-ids.ts'
import type { WeightUnit } from '#shared/domain/units.ts'
import { compareVersions, formatDelta } from '#shared/domain/version-compare.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { BatchSizeField, CostCard, LayerCard, useBatch } from '#client/components/compare/version-compare-parts.tsx'
import { newIdempotencyKey, useComplianceProposal, useSaveCompliant } from '#client/features/calculator/api/compliance.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import { oilName } from '#client/lib/oil-words.ts'
import {
  complianceInfeasibleText,
  complianceNotCheckedText,
  complianceProposalText,
  complianceWithinText,
  warningOilName,
} from '#client/lib/safety-words.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { audienceById } from '#shared/domain/audiences.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { productTypeLabel } from '#client/features/calculator/lib/words.ts'
// A chunk of its own, and rendered on its own in tests: the calculator's words, English at once.
import '#client/features/calculator/calculator-catalog.ts'

export interface MakeCompliantProps {
  blendId: number
  versionId: number
  productType: string
  /** The blend's share of the finished product, in percent. */
  productPercentage: number
  /** Who the product is for: its maxima join the limits (adults when absent). */
  audience?: AudienceId
  /** The batch's weight: with it, the IFRA limits of the lots that batch would draw join the limits. */
  weight?: number
  unit?: WeightUnit
  /** Sets the calculator's percentage; absent when the rate is not a percentage of the product (soap). */
  onUsePercentage?: (percentage: number) => void
  /** The calculator moves to the saved version. */
  onSaved: (versionId: number) => void
  onClose: () => void
}

/**
 * "Make it compliant, keep its character" (docs/product.md "Make it compliant"): the server's
 * proposal for the version on the calculator, shown as the comparison of two versions shows them
 * (each layer oil by oil, grams of a batch and its cost from the shelf), saved as a new version
 * only when the maker presses Save. A chunk of its own, loaded when the maker asks.
 */
export function MakeCompliantPanel(props: MakeCompliantProps) {
  const t = useMessages()
  const { blendId, versionId, onClose } = props
  const request = useMemo(() => requestOf(props), [props])
  const proposal = useComplianceProposal({ blendId, versionId }, request)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])

  return (
    <Card data-make-compliant="">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          {t('calculator.compliant.button')}
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden="true" />
          {t('calculator.compliant.close')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 text-sm">
        <p className="text-muted-foreground">{t('calculator.compliant.intro')}</p>
        {proposal.data ? (
          <Answer answer={proposal.data} {...props} />
        ) : proposal.isPending ? (
          <div role="status" className="flex items-center gap-3 text-muted-foreground">
            <Spinner label={t('calculator.compliant.working')} />
            <span>{t('calculator.compliant.workingText')}</span>
          </div>
        ) : (
          <LoadError
            message={t('calculator.compliant.failed')}
            detail={proposal.error instanceof ApiError && proposal.error.status < 500 ? proposal.error.message : undefined}
            error={proposal.error}
            onRetry={() => void proposal.refetch()}
          />
        )}
      </CardContent>
    </Card>
  )
}

/** What the proposal is asked for: the product, who it is for (unless adults) and the batch weight when known. */
export function requestOf(
  props: Pick<MakeCompliantProps, 'productType' | 'productPercentage' | 'audience' | 'weight' | 'unit'>,
): ComplianceRequest {
  const { productType, productPercentage, audience, weight, unit } = props
  return {
    productType,
    productPercentage,
    ...(audience && audience !== 'adults' ? { audience } : {}),
    ...(weight !== undefined ? { weight, unit: unit ?? 'g' } : {}),
  }
}

function Answer({ answer, ...props }: MakeCompliantProps & { answer: ComplianceAnswer }) {
  const t = useMessages()
  if (answer.outcome === 'within') {
    const type = productTypeById(answer.productType)
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="flex items-center gap-2 text-foreground">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {type ? complianceWithinText(t, answer.limits.length, answer.productPercentage, productTypeLabel(t, type)) : answer.message}
        </p>
        <Unknown answer={answer} />
      </div>
    )
  }
  if (answer.outcome === 'infeasible')
    return <Infeasible answer={answer} audience={props.audience} onUsePercentage={props.onUsePercentage} />
  return <Proposal answer={answer} {...props} />
}

function Infeasible({
  answer,
  audience,
  onUsePercentage,
}: {
  answer: Extract<ComplianceAnswer, { outcome: 'infeasible' }>
  audience?: AudienceId
  onUsePercentage?: (percentage: number) => void
}) {
  const t = useMessages()
  const highest = answer.highestPercentage
  const [highestBefore, highestAfter] = aroundPlaceholder(t, 'calculator.compliant.highest', 'percent', {
    limit: t(`calculator.compliant.kind.${answer.limitingOil?.kind ?? 'dermal'}`),
    oil: answer.limitingOil ? warningOilName(t, answer.limitingOil.name) : '',
    source: answer.limitingOil?.source ?? '',
  })
  return (
    <div className="flex flex-col gap-3" data-compliance="infeasible">
      <p role="status" className="text-foreground">
        {complianceInfeasibleText(t, answer, (audience && audienceById(audience)) ?? null)}
      </p>
      {highest !== null && highest > 0 && answer.limitingOil ? (
        <p className="text-muted-foreground">
          {highestBefore}
          <strong className="text-foreground">{shownPercent(highest)}</strong>
          {highestAfter}
        </p>
      ) : null}
      {highest !== null && highest > 0 && onUsePercentage ? (
        <div>
          <Button variant="outline" onClick={() => onUsePercentage(highest)}>
            {t('calculator.compliant.use', { percent: shownPercent(highest) })}
          </Button>
        </div>
      ) : null}
      <Unknown answer={answer} />
    </div>
  )
}

function Proposal({
  answer,
  blendId,
  versionId,
  productType,
  productPercentage,
  audience,
  weight,
  unit,
  onSaved,
}: MakeCompliantProps & { answer: Extract<ComplianceAnswer, { outcome: 'proposal' }> }) {
  const t = useMessages()
  const id = useId()
  const navigate = useNavigate()
  const { current, proposed } = answer
  const versions = useMemo(() => ({ a: current, b: proposed }), [current, proposed])
  const layers = useMemo(() => compareVersions(current, proposed), [current, proposed])
  const batch = useBatch(versions)
  const refs = { a: answer.version.referenceNumber, b: t('calculator.compliant.proposal') }
  const save = useSaveCompliant({ blendId, versionId })
  // One intent, one key: a retry after a lost answer sends the same one.
  const [key] = useState(newIdempotencyKey)

  const onSave = () =>
    save.mutate(
      { request: requestOf({ productType, productPercentage, audience, weight, unit }), key },
      {
        onSuccess: (saved) => {
          const ref = saved.version.referenceNumber
          toast.success(t('calculator.compliant.saved', { reference: ref }), {
            description: t('calculator.compliant.savedText'),
            action: {
              label: t('calculator.compliant.compare'),
              onClick: () => void navigate(`/journal?blend=${blendId}&view=compare&a=${answer.version.referenceNumber}&b=${ref}`),
            },
          })
          onSaved(saved.version.id)
        },
      },
    )

  return (
    <div className="flex flex-col gap-5" data-compliance="proposal">
      <p role="status" className="text-foreground">
        {complianceProposalText(t, answer.oils, answer.productPercentage)}
      </p>
      <section aria-labelledby={`${id}-limits`} className="flex flex-col gap-2">
        <h3 id={`${id}-limits`} className="font-medium text-foreground">
          {t('calculator.compliant.limits', { percent: shownPercent(answer.productPercentage) })}
        </h3>
        <ul className="flex flex-col gap-1" data-compliance-limits="">
          {answer.limits.map((limit) => (
            <li key={`${limit.kind}-${limit.oilId}`} className="tabular-nums text-foreground">
              {t('calculator.compliant.limitLine', {
                oil: warningOilName(t, limit.name),
                before: shownPercent(limit.before),
                after: shownPercent(limit.after),
                limit: t(`calculator.compliant.kind.${limit.kind}`),
                max: shownPercent(limit.maxPercent),
              })}
              {limit.binding ? ` ${t('calculator.compliant.atLimit')}` : ''} <span className="text-muted-foreground">({limit.source})</span>
            </li>
          ))}
        </ul>
      </section>
      <Unknown answer={answer} />
      <p className="text-muted-foreground">
        {t('calculator.compliant.moves', {
          points: formatDelta(answer.change).replace('+', ''),
          oils: answer.oils
            .filter((o) => o.delta !== 0)
            .map((o) => `${o.name} ${formatDelta(o.delta)}`)
            .join(', '),
        })}
      </p>
      <BatchSizeField batch={batch} />
      <div className="grid gap-4 xl:grid-cols-3">
        {layers.map((layer) => (
          <LayerCard key={layer.layer} layer={layer} refs={refs} grams={batch.grams} unit={batch.unit} />
        ))}
      </div>
      {batch.cost ? <CostCard refs={refs} cost={batch.cost} /> : null}
      <div className="flex flex-col gap-2">
        <div>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? t('calculator.compliant.saving') : t('calculator.compliant.save')}
          </Button>
        </div>
        <p className="text-muted-foreground">{t('calculator.compliant.saveHint')}</p>
        {save.isError ? (
          <p role="alert" className="text-destructive">
            {save.error instanceof ApiError && save.error.status < 500 ? save.error.message : t('calculator.compliant.saveFailed')}
          </p>
        ) : null}
      </div>
    </div>
  )
}

function Unknown({ answer }: { answer: ComplianceAnswer }) {
  const t = useMessages()
  if (answer.unknown.length === 0 && answer.notChecked.length === 0) return null
  const names = [...new Set(answer.unknown.map((u) => oilName(u.name)))]
  return (
    <>
      {names.length > 0 ? (
        <p className="text-muted-foreground" data-compliance-unknown="">
          {t('calculator.compliant.unknown', { oils: names.join(', ') })}
        </p>
      ) : null}
      {answer.notChecked.map((line) => (
        <p key={line} className="text-muted-foreground" data-compliance-not-checked="">
          {complianceNotCheckedText(t, line)}
        </p>
      ))}
    </>
  )
}
