import zlib from 'node:zlib'

/** br when the client takes it, else gzip, else none (a q=0 entry refuses that encoding). */
export function chooseEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set(
    (header ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([name]) => name?.trim()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

export type Encoding = 'br' | 'gzip'

/**
 * Compresses a response body for sending: brotli at a middle quality (fast enough to run on a
 * request, a few ms for a few hundred kB of JSON) or gzip.
 */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : zlib.gzipSync(body, { level: 6 })
}
