import { Download, FileText, LoaderCircle } from 'lucide-react'
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MAX_PACK_BATCHES, MAX_PACK_VARIANTS, PACK_NOTICE } from '#shared/domain/assessor-pack.ts'
import { AUDIENCE_IDS, AUDIENCE_LABELS, isAudienceId, type AudienceId } from '#shared/domain/audience-ids.ts'
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
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useAssessorPack } from '#client/features/assessor-pack/api/assessor-pack.ts'

export const ASSESSOR_PACK_TITLE = 'Safety assessor pack'

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
 * module loaded on that press. What was chosen stays when the server refuses.
 */
export function AssessorPackPage() {
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
  const oilProblem =
    oilText.trim() === ''
      ? 'Enter the essential oil percentage'
      : !(oil > 0 && oil <= 100)
        ? 'Enter a percentage above 0 and at most 100'
        : null
  const serverOil = fieldMessage(pack.error, 'oilPercentage')

  function toggle(versionId: number) {
    setChosen((now) =>
      now.includes(versionId) ? now.filter((id) => id !== versionId) : now.length >= MAX_PACK_VARIANTS ? now : [...now, versionId],
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (oilProblem || chosen.length === 0) {
      setProblem(chosen.length === 0 ? 'Choose at least one blend version' : oilProblem)
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
        downloadBytes(await pdf.buildAssessorPack(data), pdf.packFileName(data.variants[0]?.blendName ?? 'product'))
        const batches = data.variants.reduce((sum, v) => sum + v.batches.length, 0)
        toast.success('Safety assessor pack ready', {
          description: `${data.variants.length} ${data.variants.length === 1 ? 'variant' : 'variants'}, ${batches === 0 ? 'no batches recorded yet' : `${batches} ${batches === 1 ? 'batch with its record' : 'batches with their records'}`}, as a PDF.`,
        })
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : 'Could not make the pack. Please try again.')
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={ASSESSOR_PACK_TITLE}>
        Everything Accord knows about one product, in the order of the EU product information file, as a PDF for your safety assessor.
      </PageHeading>
      <p
        role="note"
        className="max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        {PACK_NOTICE}
      </p>
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <h2 className="text-lg font-semibold">The product</h2>
            <div className="grid gap-2">
              <Label htmlFor="pack-type">Product type</Label>
              <Select id="pack-type" className="w-full" value={productType} onChange={(e) => setProductType(e.target.value)}>
                {COSMETICS.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="pack-oil">Essential oil (% of the product)</Label>
              <Input
                id="pack-oil"
                inputMode="decimal"
                value={oilText}
                onChange={(e) => setOilText(e.target.value)}
                aria-invalid={(problem !== null && oilProblem !== null) || serverOil !== null || undefined}
                aria-describedby="pack-oil-hint"
              />
              <p id="pack-oil-hint" className="text-sm text-muted-foreground">
                {serverOil ??
                  (problem !== null && oilProblem !== null
                    ? oilProblem
                    : 'The same for every variant, as the assessor assesses one product.')}
              </p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="pack-audience">Who is it for</Label>
              <Select
                id="pack-audience"
                className="w-full"
                value={audience}
                onChange={(e) => isAudienceId(e.target.value) && setAudience(e.target.value)}
              >
                {AUDIENCE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {AUDIENCE_LABELS[id]}
                  </option>
                ))}
              </Select>
            </div>
            <p className="text-sm text-muted-foreground">
              Home products (candles, wax melts, sprays, diffusers) are not cosmetics and need no product information file.
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4 pt-5">
            <h2 className="text-lg font-semibold">The variants</h2>
            <p className="text-sm text-muted-foreground">
              Each scent variant of this product gets its own section, and the pack starts with what differs between them. Up to{' '}
              {MAX_PACK_VARIANTS}.
            </p>
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner /> Loading your blends...
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
              {making ? 'Making the pack...' : 'Download the pack'}
            </Button>
            <Link to="/journal" className={buttonClass({ variant: 'ghost' })}>
              <FileText aria-hidden="true" />
              Journal
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">
            A variant with no batches made as this product yet still gets its section; the pack says so. Each variant’s {MAX_PACK_BATCHES}{' '}
            newest batches come with their full batch records, and the pack says how many older ones there are.
          </p>
        </div>
      </form>
    </div>
  )
}
