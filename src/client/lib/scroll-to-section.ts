export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Scrolls the element with this id into view (smoothly unless the user asked for reduced motion)
 * and moves keyboard focus to it (give the target tabIndex={-1}), so keyboard and screen-reader
 * users land where sighted users look.
 * Returns false when no such element is on the page.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  target.focus({ preventScroll: true })
  return true
}
