import { vi } from 'vitest'

type ProgressHandler = ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null

/**
 * Replaces global XMLHttpRequest with one that sends through fetch (so fakeFetch's routes and
 * recorded calls serve uploads too), reporting upload progress at half and at the end first.
 * `hold` keeps each upload at half way until `release()` is called, to see the progress shown.
 */
export function fakeXhr({ hold = false }: { hold?: boolean } = {}) {
  const waiting: (() => void)[] = []
  class FakeXMLHttpRequest {
    upload: { onprogress: ProgressHandler } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    status = 0
    responseText = ''
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: Blob | string | null) {
      const size = body instanceof Blob ? body.size : (body?.length ?? 0)
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: size / 2, total: size })
        if (hold) await new Promise<void>((resolve) => waiting.push(resolve))
        this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size })
        try {
          const res = await fetch(this.url, { method: this.method, headers: this.headers, body })
          this.status = res.status
          this.responseText = await res.text()
          this.onload?.()
        } catch {
          this.onerror?.()
        }
      })()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest)
  return { release: () => waiting.splice(0).forEach((resolve) => resolve()) }
}
