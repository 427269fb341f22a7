import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Copy, Link2Off, Share2, Undo2 } from 'lucide-react'
import type { z } from 'zod'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import { CreateShareSchema, type CreateShare, type ShareLink } from '#shared/api/shares.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import {
  REVOKE_UNDO_MS,
  useCreateShareLink,
  useRestoreShareLink,
  useRevokeShareLink,
  useShareLinks,
} from '#client/features/journal/api/share-links.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { formatDate } from '#client/features/journal/lib/format.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

const absolute = (path: string) => new URL(path, window.location.origin).toString()

/**
 * The Share dialog's body, loaded when the dialog first opens: the form for a new link, and the
 * links. The form library and the schemas come with it, never with the journal.
 */
export function SharePanel({ blend }: { blend: BlendDetail }) {
  return (
    <>
      <ShareForm blend={blend} />
      <ShareLinks blendId={blend.id} />
    </>
  )
}

const resolver = zodResolver(CreateShareSchema)

/** A new link: checked with the request's own schema (CreateShareSchema), the one the server uses. */
function ShareForm({ blend }: { blend: BlendDetail }) {
  const t = useMessages()
  const id = useId()
  const newestFirst = [...blend.versions].reverse()
  const form = useForm<z.input<typeof CreateShareSchema>, unknown, CreateShare>({
    defaultValues: { versionId: newestFirst[0]?.id, includeNotes: false, showName: false },
    resolver,
    reValidateMode: 'onSubmit',
  })
  const versionError = form.formState.errors.versionId?.message
  const create = useCreateShareLink(blend.id)
  const once = useSingleFlight()

  const handle = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body)
      toast.success(t('journal.share.created'))
    } catch (error) {
      toast.error(t('journal.share.createFailed'), { description: errorReason(error) })
    }
  })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    void once(() => handle(event))
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
      {newestFirst.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-version`} className="text-sm font-medium">
            {t('journal.share.version')}
          </label>
          <Select
            id={`${id}-version`}
            aria-invalid={versionError ? true : undefined}
            aria-describedby={versionError ? `${id}-version-error` : undefined}
            {...form.register('versionId', { valueAsNumber: true })}
          >
            {newestFirst.map((v, i) => (
              <option key={v.id} value={v.id}>
                {i === 0 ? t('journal.share.latest', { reference: v.referenceNumber }) : v.referenceNumber}
              </option>
            ))}
          </Select>
          {versionError ? (
            <p id={`${id}-version-error`} className="text-sm text-destructive">
              {versionError}
            </p>
          ) : null}
        </div>
      ) : null}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('includeNotes')} />
        {t('journal.share.includeNotes')}
      </label>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('showName')} />
        {t('journal.share.showName')}
      </label>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('journal.share.creating') : t('journal.share.create')}
        </Button>
      </div>
    </form>
  )
}

/** What the Links section says after a revoke: Undo for a few seconds, then what the Undo did. */
type Notice = { revoked: ShareLink } | { restored: true } | null

function ShareLinks({ blendId }: { blendId: number }) {
  const t = useMessages()
  const links = useShareLinks(blendId, { enabled: true })
  const [notice, setNotice] = useState<Notice>(null)
  const revoked = useCallback((link: ShareLink) => setNotice({ revoked: link }), [])
  return (
    <section aria-label={t('journal.share.linksLabel')} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t('journal.share.links')}</h3>
      <div role="status" aria-live="polite" className="empty:hidden">
        {notice ? (
          <RevokeNotice
            key={'revoked' in notice ? notice.revoked.token : 'restored'}
            blendId={blendId}
            notice={notice}
            onChange={setNotice}
          />
        ) : null}
      </div>
      {links.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('journal.share.loadingLinks')}
        </p>
      ) : links.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('journal.share.loadFailed', { reason: errorReason(links.error) })}
        </p>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('journal.share.noLinks')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {links.data.map((link) => (
            <LinkRow key={link.token} blendId={blendId} link={link} onRevoked={revoked} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** How long "Link restored" stays after an Undo. */
const RESTORED_NOTICE_MS = 4_000

/**
 * After a revoke, a line saying so with Undo for a few seconds (decision 041), inside the Share
 * dialog: a toast would sit behind the dialog's overlay, out of reach of the pointer, the keyboard
 * and screen readers.
 */
function RevokeNotice({ blendId, notice, onChange }: { blendId: number; notice: NonNullable<Notice>; onChange: (next: Notice) => void }) {
  const t = useMessages()
  const restore = useRestoreShareLink(blendId)
  const once = useSingleFlight()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => onChange(null), 'revoked' in notice ? REVOKE_UNDO_MS : RESTORED_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice, onChange])

  if (!('revoked' in notice)) {
    return <p className="rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">{t('journal.share.restored')}</p>
  }
  const { revoked } = notice

  function undo() {
    void once(async () => {
      setPending(true)
      try {
        await restore(revoked.token)
        onChange({ restored: true })
      } catch (error) {
        setFailure(t('journal.share.restoreFailed', { reason: errorReason(error) }))
        setPending(false)
      }
    })
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
      <span className={failure ? 'text-destructive' : undefined}>
        {failure ?? t('journal.share.revoked', { reference: revoked.reference })}
      </span>
      <Button size="sm" variant="secondary" onClick={undo} disabled={pending}>
        <Undo2 aria-hidden="true" />
        {pending ? t('journal.share.restoring') : t('journal.delete.undo')}
      </Button>
    </div>
  )
}

function LinkRow({ blendId, link, onRevoked }: { blendId: number; link: ShareLink; onRevoked: (link: ShareLink) => void }) {
  const t = useMessages()
  const revoke = useRevokeShareLink(blendId)
  const url = absolute(link.path)
  const shows = [
    link.includeNotes ? t('journal.share.notesIncluded') : t('journal.share.noNotes'),
    link.showName ? t('journal.share.nameShown') : t('journal.share.noName'),
  ].join(' · ')
  const canShare = typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches

  async function copy() {
    try {
      if (canShare) await navigator.share({ url, title: t('journal.share.shareTitle') })
      else {
        await navigator.clipboard.writeText(url)
        toast.success(t('journal.share.copied'))
      }
    } catch (error) {
      // Closing the phone's share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error(t('journal.share.copyFailed'), { description: t('journal.share.copyYourself') })
    }
  }

  // mutateAsync: the refreshed list unmounts this row, and with it mutate's per-call callbacks.
  async function revokeIt() {
    try {
      await revoke.mutateAsync(link.token)
      onRevoked(link)
    } catch (error) {
      toast.error(t('journal.share.revokeFailed'), { description: errorReason(error) })
      return 'stay' as const
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{t('journal.share.versionRef', { reference: link.reference })}</span>
        <span className="text-muted-foreground">{t('journal.share.shows', { shows, date: formatDate(link.createdAt) })}</span>
      </div>
      <input
        readOnly
        aria-label={t('journal.share.linkTo', { reference: link.reference })}
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="h-9 w-full rounded-md border border-input/60 bg-card px-2 font-mono text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {canShare ? <Share2 aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {canShare ? t('journal.share.shareLink') : t('journal.share.copyLink')}
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-destructive/10"
              aria-label={t('journal.share.revokeLabel', { reference: link.reference })}
            >
              <Link2Off aria-hidden="true" />
              {t('journal.share.revoke')}
            </Button>
          }
          title={t('journal.share.revokeTitle')}
          description={t('journal.share.revokeDescription')}
          icon={Link2Off}
          cancelLabel={t('journal.cancel')}
          confirmLabel={t('journal.share.revokeConfirm')}
          pendingLabel={t('journal.share.revoking')}
          onConfirm={revokeIt}
        />
      </div>
    </li>
  )
}
