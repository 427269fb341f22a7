import { LoaderCircle, Printer } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { batchCodeUrl, bottleCodeUrl } from '#client/lib/qr/code-url.ts'
import { QUIET_ZONE, qrMatrix, qrSvgPath } from '#client/lib/qr/qr-matrix.ts'
import { codeDialogTitle, numberLine, type CodeTarget } from '#client/lib/qr/code-target.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** The code as SVG, black on white whatever the theme (a scanner needs dark modules on light). */
export function QrCodeSvg({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, side } = useMemo(() => {
    const matrix = qrMatrix(text)
    return { path: qrSvgPath(matrix), side: matrix.size + 2 * QUIET_ZONE }
  }, [text])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      className={className}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

export default function QrCodePanel({ target }: { target: CodeTarget }) {
  const url = target.kind === 'bottle' ? bottleCodeUrl(location.origin, target.id) : batchCodeUrl(location.origin, target.id)
  const t = useMessages()
  const lines = [...target.lines, numberLine(t, target)]
  const [making, setMaking] = useState(false)
  const singleFlight = useSingleFlight()

  function print() {
    void singleFlight(async () => {
      setMaking(true)
      try {
        const [{ buildQrPrintout, qrFileName }, { downloadBytes }] = await Promise.all([
          import('#client/lib/qr/qr-pdf.ts'),
          import('#client/lib/download.ts'),
        ])
        const bytes = await buildQrPrintout({ url, title: target.title, lines })
        downloadBytes(bytes, qrFileName(target.title, target.kind, target.id))
        toast.success(t('common.qr.ready'), { description: t('common.qr.readyDescription') })
      } catch {
        toast.error(t('common.qr.failed'), { description: t('common.qr.tryAgain') })
      } finally {
        setMaking(false)
      }
    })
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{codeDialogTitle(t, target)}</DialogTitle>
        <DialogDescription>{t(target.kind === 'bottle' ? 'common.qr.opensBottle' : 'common.qr.opensBatch')}</DialogDescription>
      </DialogHeader>
      <div className="grid justify-items-center gap-2">
        <QrCodeSvg text={url} label={t('common.qr.opening', { url })} className="w-56 max-w-full rounded-md border border-border" />
        <div className="text-center text-sm">
          <p className="font-medium text-foreground">{target.title}</p>
          {lines.map((line) => (
            <p key={line} className="text-muted-foreground">
              {line}
            </p>
          ))}
        </div>
      </div>
      <Button className="justify-self-start" onClick={print} disabled={making} aria-disabled={making || undefined}>
        {making ? <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <Printer aria-hidden="true" />}
        {making ? t('common.qr.making') : t('common.qr.print')}
      </Button>
    </div>
  )
}
