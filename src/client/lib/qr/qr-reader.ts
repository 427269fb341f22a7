import type { DecodeAnswer, DecodeRequest } from '#client/lib/qr/qr-decode.worker.ts'

/**
 * Reads QR codes from the camera's picture (decision 082): the browser's own BarcodeDetector where
 * it has one that knows QR codes (Android, macOS, ChromeOS), ZXing's WebAssembly reader in a
 * worker where not. Either way one frame is read at a time, a few times a second, so the page
 * stays responsive and the phone cool.
 */
export interface FrameReader {
  /** The texts of the QR codes in the video's current frame (none when it shows none). */
  read: (video: HTMLVideoElement) => Promise<string[]>
  close: () => void
}

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector
  getSupportedFormats: () => Promise<string[]>
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return null
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null
  } catch {
    return null
  }
}

/** The longest side of the picture handed to the worker: enough for a code filling a fifth of the view. */
const MAX_SIDE = 800

function workerReader(): FrameReader {
  const worker = new Worker(new URL('./qr-decode.worker.ts', import.meta.url), { type: 'module', name: 'accord-qr' })
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  let next = 0
  const waiting = new Map<number, { resolve: (texts: string[]) => void; reject: (error: Error) => void }>()
  worker.addEventListener('message', (event: MessageEvent<DecodeAnswer>) => {
    const answer = event.data
    const pending = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (!pending) return
    if ('error' in answer) pending.reject(new Error(answer.error))
    else pending.resolve(answer.texts)
  })
  worker.addEventListener('error', () => {
    for (const pending of waiting.values()) pending.reject(new Error('The code reader could not start.'))
    waiting.clear()
  })
  return {
    read(video) {
      if (!context || video.videoWidth === 0) return Promise.resolve([])
      const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight))
      canvas.width = Math.round(video.videoWidth * scale)
      canvas.height = Math.round(video.videoHeight * scale)
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      const image = context.getImageData(0, 0, canvas.width, canvas.height)
      const id = ++next
      return new Promise<string[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker.postMessage({ id, image } satisfies DecodeRequest, [image.data.buffer])
      })
    },
    close() {
      worker.terminate()
      waiting.clear()
    },
  }
}

export async function createFrameReader(): Promise<FrameReader> {
  const native = await nativeDetector()
  if (native) {
    return {
      read: async (video) => (await native.detect(video)).map((code) => code.rawValue),
      close: () => {},
    }
  }
  return workerReader()
}
