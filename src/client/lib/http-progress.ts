/**
 * The transport's upload with progress (lib/http.ts `send` with `onProgress`): fetch cannot report
 * how much of a request body has been sent, so this one request goes through XMLHttpRequest. It
 * answers a Response and rejects as fetch would, so the API client's token, 401 retry and errors
 * apply unchanged. Loaded only when an upload asks for progress.
 */
export function sendWithProgress(
  path: string,
  {
    method,
    headers,
    body,
    timeoutMs,
    onProgress,
  }: {
    method: string
    headers: Record<string, string>
    body?: Blob | string
    timeoutMs?: number
    onProgress: (sent: number) => void
  },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, path)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    if (timeoutMs !== undefined) xhr.timeout = timeoutMs
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    // The answer as fetch would give it (a status without a body carries none).
    xhr.onload = () => resolve(new Response([101, 204, 205, 304].includes(xhr.status) ? null : xhr.responseText, { status: xhr.status }))
    // No answer at all (offline, connection dropped): what fetch rejects with.
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.ontimeout = () => reject(new DOMException('The request timed out', 'TimeoutError'))
    xhr.send(body ?? null)
  })
}
