import { describe, expect, it } from 'vitest'
import { googleReturnAddresses } from '#client/lib/google-return.ts'

describe('where a Google sign-in comes back to', () => {
  it('is Home, with the welcome or the error marker, from anywhere but a connection request', () => {
    for (const from of [
      { pathname: '/', search: '' },
      { pathname: '/journal', search: '?blend=3' },
      { pathname: '/oauth/consent', search: '' },
    ]) {
      expect(googleReturnAddresses(from)).toEqual({
        callbackURL: '/?welcome=back',
        newUserCallbackURL: '/?welcome=new',
        errorCallbackURL: '/?signInError=google',
      })
    }
  })

  it("is the assistant's connection request itself, its signed query as it came, so the maker can answer it", () => {
    const search =
      '?client_id=abc&scope=journal%3Aread+offline_access&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback&exp=1800000000&sig=x%2By%3D'
    expect(googleReturnAddresses({ pathname: '/oauth/consent', search })).toEqual({
      callbackURL: `/oauth/consent${search}`,
      newUserCallbackURL: `/oauth/consent${search}`,
      errorCallbackURL: `/oauth/consent${search}&signInError=google`,
    })
  })
})
