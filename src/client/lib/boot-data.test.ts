import { afterEach, describe, expect, it } from 'vitest'
import { BOOT_DATA_ELEMENT_ID } from '#shared/config/boot-data.ts'
import {
  bootData,
  forgetServerSkeleton,
  keepServerSkeleton,
  resetBootData,
  serverSkeleton,
  takeBootSummary,
} from '#client/lib/boot-data.ts'

const summary = { blendCount: 2, testedCount: 1, recent: [] }

function writeBoot(text: string) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = BOOT_DATA_ELEMENT_ID
  script.textContent = text
  document.head.append(script)
}

afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
  resetBootData()
})

describe('the first-render data of a signed-in page', () => {
  it('reads the user and the summary the server wrote', () => {
    writeBoot(JSON.stringify({ user: { id: 'u1', email: 'ada@example.com', name: 'Ada', image: null }, summary }))
    expect(bootData()?.user.id).toBe('u1')
  })

  it('is nothing on a page without it, or with something unreadable', () => {
    expect(bootData()).toBeNull()
    resetBootData()
    writeBoot('{not json')
    expect(bootData()).toBeNull()
    resetBootData()
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove()
    writeBoot(JSON.stringify({ user: { id: 7 } }))
    expect(bootData()).toBeNull()
  })

  it("gives Home's summary once, and only to the user it was read for", () => {
    writeBoot(JSON.stringify({ user: { id: 'u1', email: 'ada@example.com', name: null, image: null }, summary }))
    expect(takeBootSummary('someone-else')).toBeUndefined()
    expect(takeBootSummary(undefined)).toBeUndefined()
    expect(takeBootSummary('u1')).toEqual(summary)
    // A later visit to Home asks the server.
    expect(takeBootSummary('u1')).toBeUndefined()
  })
})

describe("the page's painted skeleton", () => {
  function paint(pathname: string) {
    window.history.replaceState(null, '', pathname)
    const root = document.createElement('div')
    root.innerHTML = '<div aria-hidden="true" data-skeleton=""><header>Accord</header><main><h1>Blend Journal</h1></main></div>'
    document.body.append(root)
    keepServerSkeleton(root)
  }

  it('is kept whole and as its <main> part while the app is on its page', () => {
    paint('/journal')
    expect(serverSkeleton('page')).toBe(
      '<div aria-hidden="true" data-skeleton=""><header>Accord</header><main><h1>Blend Journal</h1></main></div>',
    )
    expect(serverSkeleton('main')).toBe('<h1>Blend Journal</h1>')
  })

  it('is not offered on another page, nor once the app has drawn a page', () => {
    paint('/journal')
    window.history.replaceState(null, '', '/blend')
    expect(serverSkeleton('page')).toBeNull()
    window.history.replaceState(null, '', '/journal')
    forgetServerSkeleton()
    expect(serverSkeleton('main')).toBeNull()
  })

  it('is nothing when the page came without one', () => {
    const root = document.createElement('div')
    keepServerSkeleton(root)
    expect(serverSkeleton('page')).toBeNull()
  })
})
