import { useDeferredValue, useEffect, useState } from 'react'

/** The lists that have appeared once in this page load. */
const shown = new Set<string>()

/**
 * The first time the list named `key` appears in this page load, its first `firstCount` items
 * render at once and the rest just after, in a background render that React splits into short
 * slices: the top of the page paints sooner and the phone answers a tap meanwhile, instead of one
 * long task for the whole page of cards (Total Blocking Time, docs/quality.md). Afterwards, and on
 * every later mount (Back from a blend returns to a card further down, which must already be
 * there), the list renders whole, at once.
 */
export function useProgressiveList<T>(key: string, items: readonly T[], firstCount: number): readonly T[] {
  const [progressive] = useState(() => !shown.has(key) && items.length > firstCount)
  const deferred = useDeferredValue(items, progressive ? items.slice(0, firstCount) : items)
  const [settled, setSettled] = useState(!progressive)
  // Once the background render has caught up, later changes (a search, the next page) render at once.
  if (!settled && deferred === items) setSettled(true)
  useEffect(() => {
    shown.add(key)
  }, [key])
  return settled ? items : deferred
}

/** Forgets which lists appeared (tests start each from a fresh page load). */
export function resetProgressiveLists(): void {
  shown.clear()
}
