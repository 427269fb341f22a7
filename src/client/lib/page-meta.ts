import { useEffect } from 'react'

/**
 * Sets the page's meta description (index.html holds the landing page's) while the page is shown,
 * and puts the previous one back after. The title is a React <title> element in the page itself.
 */
export function useMetaDescription(content: string): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    const created = !tag
    if (!tag) {
      tag = document.createElement('meta')
      tag.name = 'description'
      document.head.append(tag)
    }
    const previous = tag.content
    tag.content = content
    return () => {
      if (created) tag.remove()
      else tag.content = previous
    }
  }, [content])
}
