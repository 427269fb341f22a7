import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ServerSkeletonOr } from '#client/components/server-skeleton.tsx'
import { keepServerSkeleton, resetBootData } from '#client/lib/boot-data.ts'

afterEach(() => {
  resetBootData()
  window.history.replaceState(null, '', '/')
})

describe('ServerSkeletonOr', () => {
  it("draws the page's skeleton again, hidden from assistive technology, with a status that says what is loading", () => {
    window.history.replaceState(null, '', '/journal')
    const root = document.createElement('div')
    root.innerHTML = '<div aria-hidden="true" data-skeleton=""><main><h1>Blend Journal</h1></main></div>'
    keepServerSkeleton(root)
    const { container } = render(<ServerSkeletonOr part="page" label="Loading Accord" fallback={<p>spinner</p>} />)
    expect(container.querySelector('[data-skeleton] h1')).toHaveTextContent('Blend Journal')
    expect(screen.getByRole('status')).toHaveTextContent('Loading Accord')
    expect(screen.queryByText('spinner')).not.toBeInTheDocument()
    // It adds no box of its own: the skeleton lays out as it did.
    expect(container.firstElementChild).toHaveClass('contents')
  })

  it('shows the fallback when there is no skeleton for this page', () => {
    render(<ServerSkeletonOr part="main" label="Loading page" fallback={<p>spinner</p>} />)
    expect(screen.getByText('spinner')).toBeInTheDocument()
  })
})
