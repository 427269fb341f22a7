import { ScanLine } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { scannedCode, typedCode } from '#client/lib/qr/code-url.ts'
import { createFrameReader, type FrameReader } from '#client/lib/qr/qr-reader.ts'
import { scanTitle, type PickMode } from '#client/lib/qr/code-target.ts'
import '#client/lib/common-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** How often a frame is read: four times a second finds a code as soon as it is held still. */
const READ_EVERY_MS = 250

type Camera =
  { state: 'starting' } | { state: 'scanning' } | { state: 'refused' } | { state: 'absent' } | { state: 'failed'; message: string }

/** What the scanner says about a code it read that names nothing it can open. */
function notOpened(t: ReturnType<typeof useMessages>, text: string): string {
  const code = scannedCode(text, location.origin)
  if (code.found) return ''
  if (code.reason === 'other-server') return t('common.scan.otherServer', { host: code.host })
  return t('common.scan.notACode')
}

/**
 * The camera's picture and what it found, then a way to type the code's number instead. Without
 * `pick` a code opens its page; with it the code goes to `pick.onCode`.
 */
export default function ScanPanel({ onDone, pick }: { onDone: () => void; pick?: PickMode }) {
  const t = useMessages()
  const say = useRef(t)
  const id = useId()
  const navigate = useNavigate()
  const video = useRef<HTMLVideoElement>(null)
  const [camera, setCamera] = useState<Camera>({ state: 'starting' })
  const [seen, setSeen] = useState<string | null>(null)
  const [kind, setKind] = useState<'bottle' | 'batch'>('bottle')
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)
  const numberInput = useRef<HTMLInputElement>(null)
  // The latest onDone and navigate, without restarting the camera each time they change.
  const done = useRef(onDone)
  const go = useRef(navigate)
  const picked = useRef(pick?.onCode)
  useEffect(() => {
    done.current = onDone
    go.current = navigate
    picked.current = pick?.onCode
    say.current = t
  }, [onDone, navigate, pick?.onCode, t])

  useEffect(() => {
    const view = video.current
    let stopped = false
    let stream: MediaStream | null = null
    let reader: FrameReader | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastText = ''

    const open = (path: string) => {
      stopped = true
      done.current()
      void go.current(path)
    }

    const readFrame = async () => {
      if (stopped || !reader || !view) return
      try {
        for (const text of await reader.read(view)) {
          if (picked.current) {
            if (text === lastText) continue
            lastText = text
            const said = picked.current(text)
            if (said === null) {
              stopped = true
              return done.current()
            }
            setSeen(said)
            continue
          }
          const code = scannedCode(text, location.origin)
          if (code.found) return open(code.path)
          if (text !== lastText) {
            lastText = text
            setSeen(notOpened(say.current, text))
          }
        }
      } catch {
        // A frame the reader could not take (the video between sizes): the next one is read.
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), READ_EVERY_MS)
    }

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) return setCamera({ state: 'absent' })
      try {
        // The rear camera where there is one: the code is on the bottle, not the maker's face.
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      } catch (error) {
        if (stopped) return
        const name = error instanceof DOMException ? error.name : ''
        if (name === 'NotAllowedError' || name === 'SecurityError') return setCamera({ state: 'refused' })
        if (name === 'NotFoundError' || name === 'OverconstrainedError') return setCamera({ state: 'absent' })
        return setCamera({ state: 'failed', message: say.current('common.scan.cameraFailed') })
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop())
      try {
        reader = await createFrameReader()
      } catch {
        if (!stopped) setCamera({ state: 'failed', message: say.current('common.scan.readerFailed') })
        return
      }
      if (stopped || !view) return
      view.srcObject = stream
      await view.play().catch(() => {})
      setCamera({ state: 'scanning' })
      void readFrame()
    }

    void start()
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
      reader?.close()
      if (view) view.srcObject = null
    }
  }, [])

  const noCamera = camera.state === 'refused' || camera.state === 'absent' || camera.state === 'failed'
  useEffect(() => {
    if (noCamera) numberInput.current?.focus()
  }, [noCamera])

  function openTyped(event: FormEvent) {
    event.preventDefault()
    const path = typedCode(pick ? 'bottle' : kind, typed)
    if (!path) {
      setTypedError(t(pick || kind === 'bottle' ? 'common.scan.typeBottleNumber' : 'common.scan.typeBatchNumber'))
      return
    }
    if (pick) {
      const said = pick.onCode(path)
      if (said === null) onDone()
      else setTypedError(said)
      return
    }
    onDone()
    void navigate(path)
  }

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{pick ? pick.title : scanTitle(t)}</DialogTitle>
        <DialogDescription>{pick ? pick.description : t('common.scan.description')}</DialogDescription>
      </DialogHeader>

      <div className={noCamera ? 'hidden' : 'relative overflow-hidden rounded-lg bg-foreground/90'}>
        <video ref={video} aria-label={t('common.scan.cameraView')} muted playsInline className="aspect-[4/3] w-full object-cover" />
        {camera.state === 'starting' ? (
          <div className="absolute inset-0 flex items-center justify-center text-background">
            <Spinner label={t('common.scan.starting')} />
          </div>
        ) : null}
        {camera.state === 'scanning' ? (
          <ScanLine
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 m-auto size-2/3 text-background/70"
            strokeWidth={1}
          />
        ) : null}
      </div>

      <div role="status" aria-live="polite" className="text-sm">
        {camera.state === 'scanning' ? <p className="text-foreground">{seen || t('common.scan.looking')}</p> : null}
        {camera.state === 'refused' ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950">{t('common.scan.refused')}</p>
        ) : null}
        {camera.state === 'absent' ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950">{t('common.scan.absent')}</p>
        ) : null}
        {camera.state === 'failed' ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-amber-950">
            {t('common.scan.failed', { message: camera.message })}
          </p>
        ) : null}
      </div>

      <form onSubmit={openTyped} noValidate className="grid gap-2 border-t border-border pt-4">
        <p className="text-sm font-medium text-foreground">{t('common.scan.orType')}</p>
        <div className="flex flex-wrap items-end gap-2">
          {pick ? null : (
            <div className="grid gap-1">
              <Label htmlFor={`${id}-kind`}>{t('common.scan.what')}</Label>
              <Select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as 'bottle' | 'batch')}>
                <option value="bottle">{t('common.scan.bottle')}</option>
                <option value="batch">{t('common.scan.batch')}</option>
              </Select>
            </div>
          )}
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor={`${id}-number`}>{pick ? t('common.scan.bottleNumber') : t('common.scan.number')}</Label>
            <Input
              ref={numberInput}
              id={`${id}-number`}
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value)
                setTypedError(null)
              }}
              aria-invalid={typedError ? true : undefined}
              aria-describedby={typedError ? `${id}-number-error` : undefined}
            />
          </div>
          <Button type="submit" variant="outline">
            {pick ? t('common.scan.choose') : t('common.scan.open')}
          </Button>
        </div>
        {typedError ? (
          <p id={`${id}-number-error`} className="text-sm text-destructive">
            {typedError}
          </p>
        ) : null}
      </form>
    </div>
  )
}
