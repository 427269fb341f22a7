import { useState } from 'react'
import { ChevronRight, Layers, RefreshCw } from 'lucide-react'
import type { AccordUse, BlendVersion } from '#shared/api/blends.ts'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { cn } from '#client/lib/cn.ts'
import { useFollowAccords } from '#client/features/journal/api/accords.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { EYEBROW_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import '#client/features/journal/journal-catalog.ts'

/** '30 %': the spec's wording of an accord's share (issue 35). */
const shareText = (value: number) => `${Number(value.toFixed(2))} %`

/**
 * A version's accords (decision 073): each line as 'Citrus Dawn 001b · 30 % of the blend' in its
 * note, its oils behind a disclosure (each its share of the accord); a deleted accord says its oils
 * are kept. The layers and charts above keep showing the flattened composition. When an accord has
 * a newer version, one action makes the blend's next version with it (follow-accords), and the new
 * version opens. Nothing shows for a version without accords.
 */
export function VersionAccords({
  version,
  onFollowed,
}: {
  version: Pick<BlendVersion, 'id' | 'projectId' | 'accords'>
  /** The new version made by following an accord, to open it. */
  onFollowed?: (versionId: number) => void
}) {
  const t = useMessages()
  if (version.accords.length === 0) return null
  const headingId = `version-${version.id}-accords`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 print:break-inside-avoid">
      <h3 id={headingId} className="text-base font-semibold text-foreground">
        {t('journal.accords.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('journal.accords.counted')}</p>
      <ul className="flex flex-col gap-2">
        {version.accords.map((accord) => (
          <AccordLine key={`${accord.layer}-${accord.versionId}`} accord={accord} version={version} onFollowed={onFollowed} />
        ))}
      </ul>
    </section>
  )
}

/** 'Citrus Dawn 001b', or with '(deleted; its oils are kept)' once its blend is gone. */
export function accordTitle(
  t: (id: string, values?: Record<string, unknown>) => string,
  accord: Pick<AccordUse, 'name' | 'referenceNumber' | 'projectId'>,
): string {
  const title = `${accord.name} ${accord.referenceNumber}`
  return accord.projectId === null ? t('journal.accords.deleted', { title }) : title
}

function AccordLine({
  accord,
  version,
  onFollowed,
}: {
  accord: AccordUse
  version: Pick<BlendVersion, 'id' | 'projectId'>
  onFollowed?: (versionId: number) => void
}) {
  const t = useMessages()
  const shownName = useOilName()
  const [open, setOpen] = useState(false)
  const follow = useFollowAccords()
  const panelId = `version-${version.id}-accord-${accord.versionId}-${accord.layer}`
  const newer = accord.projectId === null ? null : accord.newerVersion

  async function followNewer() {
    try {
      const made = await follow.mutateAsync({ blendId: version.projectId, versionId: version.id })
      toast.success(t('journal.accords.saved'), {
        description: t('journal.accords.savedText', { name: made.blend.name, reference: made.referenceNumber }),
      })
      onFollowed?.(made.id)
    } catch (error) {
      toast.error(t('journal.form.saveFailed'), { description: t('journal.accords.failedText', { reason: errorReason(error) }) })
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg bg-muted/60 p-3">
      <p className={EYEBROW_CLASS}>{t(`journal.accords.layer.${accord.layer}`)}</p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'flex cursor-pointer items-center gap-2 rounded-md text-left text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <ChevronRight
          aria-hidden="true"
          className={cn('size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')}
        />
        <Layers aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="font-medium text-foreground tabular-nums">
          {t('journal.accords.line', { title: accordTitle(t, accord), share: shareText(accord.percentage) })}
        </span>
      </button>
      {open ? (
        <dl
          id={panelId}
          aria-label={t('journal.accords.oilsOf', { name: accord.name, reference: accord.referenceNumber })}
          className="flex flex-col gap-1 pl-6 sm:pl-12"
        >
          {accord.oils.map((oil) => (
            <div key={oil.id} className="flex items-baseline justify-between gap-2 text-sm">
              <dt className="text-foreground">{shownName(oil.name)}</dt>
              <dd className="text-muted-foreground tabular-nums">{t('journal.accords.ofAccord', { share: shareText(oil.percentage) })}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {newer ? (
        <div className="flex flex-wrap items-center gap-3 text-sm print:hidden">
          <p className="text-foreground">{t('journal.accords.newer', { name: accord.name, reference: newer.referenceNumber })}</p>
          <Button variant="outline" size="sm" onClick={() => void followNewer()} disabled={follow.isPending}>
            <RefreshCw aria-hidden="true" />
            {follow.isPending ? t('journal.accords.saving') : t('journal.accords.useNewer', { reference: newer.referenceNumber })}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
