import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFrameReader } from '#client/lib/qr/qr-reader.ts'

/** Which reader the scanner takes (decision 082): the browser's detector when it knows QR codes, else the worker. */

const video = { videoWidth: 640, videoHeight: 480 } as HTMLVideoElement

afterEach(() => vi.unstubAllGlobals())

function stubDetector(formats: string[], found: string[]) {
  const detect = vi.fn(async () => found.map((rawValue) => ({ rawValue })))
  const constructed: unknown[] = []
  class FakeDetector {
    static getSupportedFormats = async () => formats
    constructor(options: unknown) {
      constructed.push(options)
    }
    detect = detect
  }
  vi.stubGlobal('BarcodeDetector', FakeDetector)
  return { detect, constructed }
}

function stubWorker() {
  const started: { url: string; options: unknown }[] = []
  class FakeWorker {
    constructor(url: URL | string, options: unknown) {
      started.push({ url: String(url), options })
    }
    addEventListener() {}
    postMessage() {}
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker)
  return started
}

describe('the frame reader', () => {
  it("uses the browser's BarcodeDetector when it reads QR codes, and starts no worker", async () => {
    const { detect, constructed } = stubDetector(['ean_13', 'qr_code'], ['https://accord.example/shelf/bottles/4'])
    const started = stubWorker()
    const reader = await createFrameReader()
    expect(await reader.read(video)).toEqual(['https://accord.example/shelf/bottles/4'])
    expect(detect).toHaveBeenCalledWith(video)
    expect(constructed).toEqual([{ formats: ['qr_code'] }])
    expect(started).toEqual([])
  })

  it('falls back to the ZXing worker when the detector knows no QR codes, or there is none', async () => {
    stubDetector(['ean_13'], [])
    const started = stubWorker()
    ;(await createFrameReader()).close()
    vi.stubGlobal('BarcodeDetector', undefined)
    ;(await createFrameReader()).close()
    expect(started).toHaveLength(2)
    expect(started[0]!.url).toMatch(/qr-decode\.worker\.ts/)
    expect(started[0]!.options).toEqual({ type: 'module', name: 'accord-qr' })
  })
})
