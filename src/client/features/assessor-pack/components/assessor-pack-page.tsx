import { Download, FileText, LoaderCircle } from 'lucide-react'
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MAX_PACK_BATCHES, MAX_PACK_VARIANTS } from '#shared/domain/assessor-pack.ts'
import { AUDIENCE_IDS, isAudienceId, type AudienceId } from '#shared/domain/audience-ids.ts'
import { labelUse, PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button, buttonClass } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { packStartOf } from '#client/lib/assessor-pack-links.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useAssessorPack } from '#client/features/assessor-pack/api/assessor-pack.ts'

export { wordsReady } from '#client/features/assessor-pack/assessor-catalog.ts'

const COSMETICS = PRODUCT_TYPES.filter((t) => labelUse(t) !== null)
const VariantChoice = lazy(() =>
  import('#client/features/assessor-pack/components/variant-choice.tsx').then((m) => ({ default: m.VariantChoice })),
)

/** A refusal's message for a field, by its place in the request ('body.oilPercentage'). */
function fieldMessage(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return null
  const detail = (error.details as { path?: string; message?: string }[]).find((d) => d.path?.startsWith(`body.${field}`))
  return detail?.message ?? null
}

/**
 * /assessor-pack (docs/product.md "The safety assessor pack"; decision 083): choose the product (a
 * cosmetic product type, its oil percentage and who it is for) and its scent variants from the
 * journal, then "Download the pack": the data is read then, and the PDF drawn on this device by a
 * module loaded on that press. What was chosen stays when the server refuses. Its words are the
 * catalogs' `assessor` section; the pack's PDF stays English.
 */
export function AssessorPackPage() {
  const t = useMessages()
  const [params] = useSearchParams()
  const start = useMemo(() => packStartOf(params), [params])
  const [productType, setProductType] = useState(start.productType || 'lotion')
  const [oilText, setOilText] = useState(start.oilPercentage === null ? '' : String(start.oilPercentage))
  const [audience, setAudience] = useState<AudienceId>(start.audience)
  const [chosen, setChosen] = useState<number[]>(start.versionId === null ? [] : [start.versionId])
  const [problem, setProblem] = useState<string | null>(null)
  const [making, setMaking] = useState(false)
  const pack = useAssessorPack()
  const singleFlight = useSingleFlight()

  const oil = Number(oilText)
  const oilProblem = oilText.trim() === '' ? t('assessor.oil.missing') : !(oil > 0 && oil <= 100) ? t('assessor.oil.outOfRange') : null
  const serverOil = fieldMessage(pack.error, 'oilPercentage')

  function toggle(versionId: number) {
    setChosen((now) =>
      now.includes(versionId) ? now.filter((id) => id !== versionId) : now.length >= MAX_PACK_VARIANTS ? now : [...now, versionId],
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (oilProblem || chosen.length === 0) {
      setProblem(chosen.length === 0 ? t('assessor.variants.noneChosen') : oilProblem)
      return
    }
    void singleFlight(async () => {
      setProblem(null)
      setMaking(true)
      try {
        const data = await pack.mutateAsync({ versionIds: chosen, productType, oilPercentage: oil, audience })
        const [pdf, { downloadBytes }] = await Promise.all([
          import('#client/features/assessor-pack/lib/pack-pdf.ts'),
          import('#client/lib/download.ts'),
        ])
        downloadBytes(await pdf.buildAssessorPack(data), pdf.packFileName(data.variants[0]?.blendName))
        const batches = data.variants.reduce((sum, v) => sum + v.batches.length, 0)
        toast.success(t('assessor.ready'), {
          description: t('assessor.readyDetail', { variants: data.variants.length, batches }),
        })
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : t('assessor.failed'))
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t('assessor.title')}>{t('assessor.lead')}</PageHeading>
      <p
        role="note"
        className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        {t('assessor.notice')}
      </p>
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <h2 className="text-lg font-semibold">{t('assessor.product.title')}</h2>
            <div className="grid gap-2">
              <Label htmlFor="pack-type">{t('assessor.product.type')}</Label>
              <Select id="pack-type" className="w-full" value={productType} onChange={(e) => setProductType(e.target.value)}>
                {COSMETICS.map((type) => (
                  <option key={type.id} value={type.id}>
                    {productTypeName(t, type.id)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="pack-oil">{t('assessor.oil.label')}</Label>
              <Input
                id="pack-oil"
                inputMode="decimal"
                value={oilText}
                onChange={(e) => setOilText(e.target.value)}
                aria-invalid={(problem !== null && oilProblem !== null) || serverOil !== null || undefined}
                aria-describedby="pack-oil-hint"
              />
              <p id="pack-oil-hint" className="text-sm text-muted-foreground">
                {serverOil ?? (problem !== null && oilProblem !== null ? oilProblem : t('assessor.oil.hint'))}
              </p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="pack-audience">{t('assessor.audience.label')}</Label>
              <Select
                id="pack-audience"
                className="w-full"
                value={audience}
                onChange={(e) => isAudienceId(e.target.value) && setAudience(e.target.value)}
              >
                {AUDIENCE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`assessor.audience.${id}`)}
                  </option>
                ))}
              </Select>
            </div>
            <p className="text-sm text-muted-foreground">{t('assessor.product.homeNote')}</p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <h2 className="text-lg font-semibold">{t('assessor.variants.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('assessor.variants.lead', { max: MAX_PACK_VARIANTS })}</p>
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner label={t('assessor.loadingLabel')} /> {t('assessor.variants.loading')}
                </p>
              }
            >
              <VariantChoice chosen={chosen} onToggle={toggle} />
            </Suspense>
          </CardContent>
        </Card>
        <div className="grid gap-3 lg:col-span-2">
          {problem ? (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={making} aria-disabled={making || undefined}>
              {making ? (
                <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {making ? t('assessor.making') : t('assessor.download')}
            </Button>
            <Link to="/journal" className={buttonClass({ variant: 'ghost' })}>
              <FileText aria-hidden="true" />
              {t('assessor.journal')}
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">{t('assessor.batchesNote', { max: MAX_PACK_BATCHES })}</p>
        </div>
      </form>
    </div>
  )
}
