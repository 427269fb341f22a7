export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Scrolls the element with this id into view (smoothly unless the user asked for reduced motion)
 * and moves keyboard focus to it (give the target tabIndex={-1}), so keyboard and screen-reader
 * users land where sighted users look. With `firstField`, a form inside it: the target is that
 * form's element, and focus goes to its first field; without such a field, to the section itself.
 * Returns false when no such element is on the page.
 */
export function scrollToSection(id: string, firstField?: { formId: string }): boolean {
  const form = firstField ? document.getElementById(firstField.formId) : null
  const field = form?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
  const target = field ? form : document.getElementById(id)
  if (!target) return false
  const scroll = () => target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  scroll()
  // The public pages lay out a section below the fold only when it nears the screen
  // (`content-visibility: auto`, decision 066): the sections passed on the way may turn out taller
  // or shorter than their estimate, so once the scroll ends it is finished from where the target is.
  const finish = () => {
    clearTimeout(giveUp)
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0
    if (Math.abs(target.getBoundingClientRect().top - margin) > 2) scroll()
  }
  // A scroll that had nowhere to go never ends: the listener is not left for the reader's own.
  const giveUp = setTimeout(() => window.removeEventListener('scrollend', finish), 3000)
  window.addEventListener('scrollend', finish, { once: true })
  ;(field ?? target).focus({ preventScroll: true })
  return true
}
