import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/headers.ts'
import {
  ApiError,
  AUTHENTICATION_FAILED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NOT_AUTHENTICATED_MESSAGE,
  apiErrorOf,
  tokenFailure,
} from '#client/lib/api-client.ts'
import { getIdToken } from '#client/lib/auth-client.ts'
import { currentUser } from '#client/lib/session.ts'

/** How much of an upload has been sent, 0 to 1. */
export type UploadProgress = (sent: number) => void

type Sent = { status: number; text: string }

function send(path: string, body: Blob, token: string, idempotencyKey: string | undefined, onProgress: UploadProgress): Promise<Sent> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('content-type', body.type)
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    // No answer at all (offline, connection dropped): status 0, as the API client reports it.
    xhr.onerror = () => resolve({ status: 0, text: '' })
    xhr.send(body)
  })
}

/**
 * An upload with progress: fetch cannot report how much of a request body has been sent, so a
 * large import goes through XMLHttpRequest. It keeps the API client's rules (src/client/lib/api-client.ts):
 * the bearer token, one retry with a fresh token after a 401, the same Idempotency-Key on that
 * retry, and failures as ApiErrors in the one error shape.
 */
export async function uploadWithProgress(
  path: string,
  body: Blob,
  { idempotencyKey, onProgress }: { idempotencyKey?: string; onProgress: UploadProgress },
): Promise<unknown> {
  if (!currentUser()) throw new ApiError(401, 'UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE)
  const attempt = async (forceRefresh: boolean) => {
    let token: string
    try {
      token = await getIdToken({ forceRefresh })
    } catch (err) {
      // The same reading of a failed token as every other API call's.
      throw tokenFailure(err)
    }
    return send(path, body, token, idempotencyKey, onProgress)
  }
  let res = await attempt(false)
  if (res.status === 401) res = await attempt(true)
  if (res.status === 0) throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE)
  if (res.status >= 200 && res.status < 300) return JSON.parse(res.text) as unknown
  const error = await apiErrorOf(new Response(res.text, { status: res.status }))
  if (res.status === 401) throw new ApiError(401, error.code, AUTHENTICATION_FAILED_MESSAGE, error.details, { cause: error })
  throw error
}
