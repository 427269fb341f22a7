import { describe, expect, it } from 'vitest'
import { readLandingRequest } from '#client/app/landing-params.ts'

describe('readLandingRequest', () => {
  it('opens nothing on a plain visit', () => {
    expect(readLandingRequest('')).toBeNull()
    expect(readLandingRequest('?utm_source=book')).toBeNull()
  })

  it('opens the sign-in dialog in the view a link asks for', () => {
    expect(readLandingRequest('?signIn=sign-in')).toEqual({ view: 'sign-in', error: null })
    expect(readLandingRequest('?signIn=forgot-password')).toEqual({ view: 'forgot-password', error: null })
    expect(readLandingRequest('?signIn=elsewhere')).toBeNull()
  })

  it('reports a failed Google sign-in with our own words, never the address text', () => {
    expect(readLandingRequest('?signInError=google&error=invalid_code')).toEqual({
      view: 'sign-in',
      error: 'Failed to sign in with Google',
    })
    expect(readLandingRequest('?error=state_not_found')?.error).toBe('Failed to sign in with Google')
    expect(readLandingRequest('?signInError=google&error=access_denied&error_description=Call%20this%20number')?.error).toBe(
      'Google sign-in was cancelled.',
    )
  })
})
