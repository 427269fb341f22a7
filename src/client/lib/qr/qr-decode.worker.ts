/// <reference lib="webworker" />
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/**
 * The scanner's decoder where the browser has no barcode detector for QR codes (decision 082):
 * ZXing's reader compiled to WebAssembly, in a worker of its own so the page's thread stays free.
 * Its .wasm is one of our build's files, served from our own origin and precached by the service
 * worker, never fetched from anyone else: the scanner works offline in the installed app.
 */

declare const self: DedicatedWorkerGlobalScope

export type DecodeRequest = { id: number; image: ImageData }
export type DecodeAnswer = { id: number; texts: string[] } | { id: number; error: string }

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path),
  },
})

self.addEventListener('message', (event: MessageEvent<DecodeRequest>) => {
  const { id, image } = event.data
  readBarcodes(image, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 }).then(
    (results) =>
      self.postMessage({ id, texts: results.filter((result) => result.isValid).map((result) => result.text) } satisfies DecodeAnswer),
    (error: unknown) => self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DecodeAnswer),
  )
})
