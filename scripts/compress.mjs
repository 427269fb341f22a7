// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built
// client, once, at the highest levels, so the server sends them (@fastify/static preCompressed)
// without compressing on each request. The prerendered pages are compressed by the server when
// it loads them, after it has put its own address in.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..', 'dist/client')
// WebAssembly too, though not text: the QR scanner's decoder (decision 082) shrinks from 0.9 MB to a third.
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.wasm'])

let files = 0
let before = 0
let after = 0
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue
  const file = path.join(entry.parentPath, entry.name)
  const data = fs.readFileSync(file)
  if (data.length < 1024) continue
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  })
  const gz = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION })
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br)
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz)
  files += 1
  before += data.length
  after += Math.min(br.length, data.length)
}
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB with brotli`)
