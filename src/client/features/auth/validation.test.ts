import { describe, expect, it } from 'vitest'
import { checkForgotPassword, checkResetPassword, checkSignIn, checkSignUp } from '#client/features/auth/validation.ts'

describe('auth form checks (SPEC.md §5 and §8)', () => {
  it('asks for every sign-up field and marks the blank ones', () => {
    expect(checkSignUp({ name: ' ', email: 'rose@example.com', password: '' })).toEqual({
      message: 'Please fill in all fields',
      fields: ['name', 'password'],
    })
  })

  it('asks for email and password to sign in', () => {
    expect(checkSignIn({ email: '', password: '' })?.message).toBe('Please fill in all fields')
  })

  it('rejects an invalid email and a short password with the provider messages', () => {
    expect(checkSignUp({ name: 'Rose', email: 'rose', password: 'petals' })).toEqual({
      message: 'Please enter a valid email address.',
      fields: ['email'],
    })
    expect(checkSignUp({ name: 'Rose', email: 'rose@example.com', password: 'abc' })).toEqual({
      message: 'Password should be at least 6 characters long.',
      fields: ['password'],
    })
    expect(checkSignIn({ email: 'rose@', password: 'x' })?.message).toBe('Please enter a valid email address.')
  })

  it('accepts complete forms, ignoring spaces around the email', () => {
    expect(checkSignUp({ name: 'Rose', email: ' rose@example.com ', password: 'petals' })).toBeNull()
    expect(checkSignIn({ email: 'rose@example.com', password: 'x' })).toBeNull()
  })

  it('asks for an email before sending a reset link', () => {
    expect(checkForgotPassword({ email: '' })).toEqual({ message: 'Please enter your email address', fields: ['email'] })
    expect(checkForgotPassword({ email: 'nope' })?.message).toBe('Please enter a valid email address.')
    expect(checkForgotPassword({ email: 'rose@example.com' })).toBeNull()
  })

  it('wants a new password of at least 6 characters, typed twice', () => {
    expect(checkResetPassword({ password: 'abc', confirmPassword: 'abc' })?.message).toBe(
      'Password should be at least 6 characters long.',
    )
    expect(checkResetPassword({ password: 'petals', confirmPassword: 'petal' })).toEqual({
      message: 'Passwords do not match.',
      fields: ['confirmPassword'],
    })
    expect(checkResetPassword({ password: 'petals', confirmPassword: 'petals' })).toBeNull()
  })
})
