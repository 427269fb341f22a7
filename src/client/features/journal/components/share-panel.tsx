import { useId, useState } from 'react'
import { Copy, Link2Off, Share2 } from 'lucide-react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import type { ShareLink } from '#shared/api/shares.ts'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '#client/features/journal/api/share-links.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { formatDate } from '#client/features/journal/lib/format.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

const absolute = (path: string) => new URL(path, window.location.origin).toString()

/** The Share dialog's body, loaded when the dialog first opens: the form for a new link, and the links. */
export function SharePanel({ blend }: { blend: BlendDetail }) {
  return (
    <>
      <ShareForm blend={blend} />
      <ShareLinks blendId={blend.id} />
    </>
  )
}

function ShareForm({ blend }: { blend: BlendDetail }) {
  const id = useId()
  const newestFirst = [...blend.versions].reverse()
  const [versionId, setVersionId] = useState(newestFirst[0]?.id ?? 0)
  const [includeNotes, setIncludeNotes] = useState(false)
  const [showName, setShowName] = useState(false)
  const create = useCreateShareLink(blend.id)
  const once = useSingleFlight()

  function submit(event: React.FormEvent) {
    event.preventDefault()
    void once(async () => {
      try {
        await create.mutateAsync({ versionId, includeNotes, showName })
        toast.success('Share link created')
      } catch (error) {
        toast.error('Could not create the link', { description: errorReason(error) })
      }
    })
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
      {newestFirst.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-version`} className="text-sm font-medium">
            Version
          </label>
          <select
            id={`${id}-version`}
            value={versionId}
            onChange={(e) => setVersionId(Number(e.target.value))}
            className="h-10 rounded-md border border-input/60 bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            {newestFirst.map((v, i) => (
              <option key={v.id} value={v.id}>
                {`${v.referenceNumber}${i === 0 ? ' (latest)' : ''}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={includeNotes} onChange={(e) => setIncludeNotes(e.target.checked)} />
        Include the blend notes
      </label>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={showName} onChange={(e) => setShowName(e.target.checked)} />
        Show my name
      </label>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create link'}
        </Button>
      </div>
    </form>
  )
}

function ShareLinks({ blendId }: { blendId: number }) {
  const links = useShareLinks(blendId, { enabled: true })
  return (
    <section aria-label="Links to this blend" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Links</h3>
      {links.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading links...
        </p>
      ) : links.isError ? (
        <p role="alert" className="text-sm text-destructive">{`Could not load the links: ${errorReason(links.error)}`}</p>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No links yet. Create one above.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {links.data.map((link) => (
            <LinkRow key={link.token} blendId={blendId} link={link} />
          ))}
        </ul>
      )}
    </section>
  )
}

function LinkRow({ blendId, link }: { blendId: number; link: ShareLink }) {
  const revoke = useRevokeShareLink(blendId)
  const url = absolute(link.path)
  const shows = [link.includeNotes ? 'notes included' : 'no notes', link.showName ? 'your name shown' : 'no name'].join(' · ')
  const canShare = typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches

  async function copy() {
    try {
      if (canShare) await navigator.share({ url, title: 'A blend shared on Accord' })
      else {
        await navigator.clipboard.writeText(url)
        toast.success('Link copied')
      }
    } catch (error) {
      // Closing the phone's share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.error('Could not copy the link', { description: 'Select the address and copy it yourself.' })
    }
  }

  async function revokeIt() {
    try {
      await revoke.mutateAsync(link.token)
      toast.success('Link revoked')
    } catch (error) {
      toast.error('Could not revoke the link', { description: errorReason(error) })
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{`Version ${link.reference}`}</span>
        <span className="text-muted-foreground">{`${shows} · made ${formatDate(link.createdAt)}`}</span>
      </div>
      <input
        readOnly
        aria-label={`Link to version ${link.reference}`}
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="h-9 w-full rounded-md border border-input/60 bg-card px-2 font-mono text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {canShare ? <Share2 aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {canShare ? 'Share link' : 'Copy link'}
        </Button>
        <Button size="sm" variant="ghost" className="text-destructive hover:bg-destructive/10" onClick={() => void revokeIt()} disabled={revoke.isPending}>
          <Link2Off aria-hidden="true" />
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      </div>
    </li>
  )
}
