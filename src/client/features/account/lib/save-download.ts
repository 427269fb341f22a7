import { apiRequest } from '#client/lib/api-client.ts'

/** The file name a download's Content-Disposition gives, or `fallback`. */
export function attachmentName(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')
  return match?.[1] ?? fallback
}

/** Hands a file to the browser's downloads through a Blob URL and an <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Downloads an export with the bearer token (a plain link could not send it): fetched through
 * the API client, then saved under the name the server gave. Returns that name.
 */
export async function downloadFrom(path: string, fallback: string): Promise<string> {
  // A whole export may take longer than a screen's read may (READ_TIMEOUT_MS).
  const res = await apiRequest('GET', path, undefined, { timeoutMs: 5 * 60_000 })
  const name = attachmentName(res, fallback)
  saveBlob(await res.blob(), name)
  return name
}
