import { Suspense, useState } from 'react'
import { Share2 } from 'lucide-react'
import type { BlendDetail } from '#shared/api/blend-list.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

// Only a maker who shares needs the form and the links: their code loads on its own.
const SharePanel = preloadedChunk(() => import('#client/features/journal/components/share-panel.tsx').then((m) => m.SharePanel))

/**
 * Share (docs/product.md "Sharing"): make a read-only link to one version (the latest unless
 * another is chosen), with the notes and the owner's name only if ticked; copy or share each
 * link, and revoke it.
 */
export function ShareBlendDialog({ blend }: { blend: BlendDetail }) {
  const t = useMessages()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" />
          {t('journal.share.share')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('journal.share.title')}</DialogTitle>
          <DialogDescription>{t('journal.share.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner label={t('journal.loadingLabel')} />
                {t('journal.details.loading')}
              </p>
            }
          >
            <SharePanel blend={blend} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
