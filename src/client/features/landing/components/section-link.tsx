import type { ComponentProps, MouseEvent } from 'react'
import { scrollToSection } from '#client/lib/scroll-to-section.ts'

/**
 * An in-page link to a section: a real #anchor, scrolled smoothly (or instantly, for reduced
 * motion); on the prerendered page the islands script does the same by its `data-section`.
 */
export function SectionLink({ section, onClick, ...props }: ComponentProps<'a'> & { section: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    if (scrollToSection(section)) event.preventDefault()
  }
  return <a href={`#${section}`} data-section={section} onClick={handleClick} {...props} />
}
