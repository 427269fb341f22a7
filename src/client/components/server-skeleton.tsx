import type { ReactNode } from 'react'
import { serverSkeleton } from '#client/lib/boot-data.ts'

/**
 * A Suspense fallback for the first page of a visit: while its code loads, the skeleton its HTML
 * was painted with (decisions 034 and 035), drawn again exactly as it was, so the page does not
 * blink to a spinner between the server's paint and the app's. `part` says where it stands: the
 * whole page (`page`), or inside the signed-in shell's <main> (`main`). Anywhere else, `fallback`.
 */
export function ServerSkeletonOr({ part, label, fallback }: { part: 'page' | 'main'; label: string; fallback: ReactNode }) {
  const markup = serverSkeleton(part)
  if (markup === null) return fallback
  return (
    <>
      {/* The server's own markup, read back from the page before React replaced it. */}
      <div className="contents" aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />
      <span role="status" className="sr-only">
        {label}
      </span>
    </>
  )
}
