import { describe, expect, it } from 'vitest'
import { MAX_LOGGED_PATH, MAX_LOGGED_VALUE, redactUrl } from '#server/http/logging.ts'

describe('the URL a log line keeps', () => {
  it('masks secret-looking query values and reset tokens', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2F&token=xyz')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2F&token=%5Bredacted%5D',
    )
  })

  it('cuts a 100 kB query value and a long path short, saying how much was left out', () => {
    const logged = redactUrl(`/api/auth/sign-in/social?redirectTo=${'a'.repeat(100_000)}&x=1`)
    expect(logged.length).toBeLessThan(400)
    expect(decodeURIComponent(logged.replaceAll('+', ' '))).toContain(
      `${'a'.repeat(MAX_LOGGED_VALUE)}…[${100_000 - MAX_LOGGED_VALUE} more characters]`,
    )
    expect(logged).toContain('&x=1')
    const path = redactUrl(`/api/${'p'.repeat(10_000)}`)
    expect(path).toBe(`/api/${'p'.repeat(MAX_LOGGED_PATH - 5)}…[${10_005 - MAX_LOGGED_PATH} more characters]`)
  })

  it('leaves ordinary URLs as they are', () => {
    expect(redactUrl('/api/blends?q=lavender&limit=20')).toBe('/api/blends?q=lavender&limit=20')
  })
})
