import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const CLIENT_DIR = 'dist/client'

/**
 * The build's manifest: the app's, or the islands script's, which is built on its own
 * (vite.islands.config.ts, decision 066) into the same folder.
 */
export function readManifest(build: 'app' | 'islands' = 'app'): Manifest {
  const file = path.join(CLIENT_DIR, '.vite', build === 'app' ? 'manifest.json' : 'islands-manifest.json')
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest
}

const gzipCache = new Map<string, number>()
export function gzipSize(file: string): number {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length
    gzipCache.set(file, size)
  }
  return size
}

/** The JS files a chunk needs before it can run: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen)
  return seen
}

export function filesOf(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f && f.endsWith('.js'))
}

export const totalGzip = (files: string[]) => files.reduce((sum, f) => sum + gzipSize(f), 0)

/** The app's entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('.html'))
  if (!key) throw new Error('The manifest has no entry chunk')
  return key
}

/** The public pages' islands script (src/client/islands.ts): what they load in place of the entry, in readManifest('islands'). */
export const ISLANDS_KEY = 'src/client/islands.ts'

/** The manifest key of the lazy module whose source path ends with the given suffix. */
export function dynamicKey(manifest: Manifest, srcSuffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(srcSuffix) && manifest[k]?.isDynamicEntry)
  if (!key) throw new Error(`No lazy chunk for ${srcSuffix} in the build manifest`)
  return key
}

/** Every lazy module reachable from `key` through dynamic imports (the parts loaded on demand). */
export function dynamicReach(manifest: Manifest, key: string): string[] {
  const out = new Set<string>()
  const visit = (k: string) => {
    for (const dep of staticClosure(manifest, k)) {
      for (const dyn of manifest[dep]?.dynamicImports ?? []) {
        if (!out.has(dyn)) {
          out.add(dyn)
          visit(dyn)
        }
      }
    }
  }
  visit(key)
  return [...out]
}
