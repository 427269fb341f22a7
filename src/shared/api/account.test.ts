import { describe, expect, it } from 'vitest'
import { ChangePasswordBodySchema, confirmsEmail, UpdateNameBodySchema } from '#shared/api/account.ts'

describe('confirmsEmail', () => {
  it('accepts the account address in any case with spaces around it', () => {
    expect(confirmsEmail('  Ada@Example.COM ', 'ada@example.com')).toBe(true)
  })
  it('refuses anything else, including nothing and a near miss', () => {
    for (const typed of ['', ' ', 'ada@example.co', 'ada@example.com.', 'bea@example.com'])
      expect(confirmsEmail(typed, 'ada@example.com')).toBe(false)
  })
})

describe('account request schemas', () => {
  it('refuses a blank name and one over 200 characters', () => {
    expect(UpdateNameBodySchema.safeParse({ name: '   ' }).success).toBe(false)
    expect(UpdateNameBodySchema.safeParse({ name: 'x'.repeat(201) }).success).toBe(false)
    expect(UpdateNameBodySchema.parse({ name: ' Ada ' })).toEqual({ name: 'Ada' })
  })
  it('always signs out the other devices on a password change', () => {
    expect(
      ChangePasswordBodySchema.safeParse({ currentPassword: 'old-one', newPassword: 'new-one', revokeOtherSessions: false }).success,
    ).toBe(false)
    expect(
      ChangePasswordBodySchema.safeParse({ currentPassword: 'old-one', newPassword: 'short', revokeOtherSessions: true }).success,
    ).toBe(false)
  })
})
