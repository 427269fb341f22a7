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
 * Compresses a response body for sending: 'fast' is brotli at a middle quality (fast enough to run
 * on a request, a few ms for a few hundred kB of JSON) or gzip level 6; 'best' is the smallest
 * output, for a body compressed once and sent many times.
 */
export function compress(body: string | Buffer, encoding: Encoding, effort: 'fast' | 'best' = 'fast'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? zlib.constants.BROTLI_MAX_QUALITY : 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : zlib.gzipSync(body, { level: effort === 'best' ? 9 : 6 })
}
