import { createElement, lazy, useState, type ComponentType } from 'react'

/**
 * A part loaded on demand whose fetch starts at once, when this module is evaluated in a browser,
 * so its code stays out of the chunk that uses it without a wait later: once it has arrived it
 * renders straight away; before that it suspends like React.lazy. An instance keeps the component
 * it started with, so it never remounts (and loses what was typed) when the code arrives.
 */
export function preloadedChunk<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let ready: ComponentType<P> | null = null
  const arriving = typeof window === 'undefined' ? null : load().then((component) => (ready = component))
  // A failure is reported where the part renders (the lazy path below rethrows it).
  arriving?.catch(() => {})
  const Lazy = lazy(async () => ({ default: await (arriving ?? load()) }))
  return function Preloaded(props: P) {
    const [Component] = useState<ComponentType<P>>(() => ready ?? Lazy)
    return createElement(Component, props)
  }
}
