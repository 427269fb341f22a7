import { describe, expect, it } from 'vitest'
import { PasswordResetSchema, SignInBodySchema, SignUpBodySchema } from '#shared/api/auth.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('the auth form schemas', () => {
  it('accept a complete sign-up', () => {
    expect(SignUpBodySchema.safeParse({ name: ' Rose ', email: 'rose@example.com', password: 'petals' })).toEqual({
      success: true,
      data: { name: 'Rose', email: 'rose@example.com', password: 'petals' },
    })
  })

  it('say what the server says for a short password and an invalid email', () => {
    expect(firstMessage(SignUpBodySchema.safeParse({ name: 'R', email: 'rose@example.com', password: 'abcde' }))).toBe(
      'Password should be at least 6 characters long.',
    )
    expect(firstMessage(SignInBodySchema.safeParse({ email: 'rose', password: 'x' }))).toBe('Please enter a valid email address.')
    expect(firstMessage(PasswordResetSchema.safeParse({ token: 't', newPassword: '12345' }))).toBe(
      'Password should be at least 6 characters long.',
    )
  })
})
