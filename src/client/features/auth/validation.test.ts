import { describe, expect, it } from 'vitest'
import {
  ForgotPasswordFormSchema,
  formProblem,
  pickProblem,
  ResetPasswordFormSchema,
  SignInFormSchema,
  SignUpFormSchema,
} from '#client/features/auth/validation.ts'

describe('auth form schemas (docs/product.md §5 and §8)', () => {
  it('asks for every sign-up field and marks the blank ones', () => {
    expect(formProblem(SignUpFormSchema, { name: ' ', email: 'rose@example.com', password: '' })).toEqual({
      message: 'Please fill in all fields',
      fields: ['name', 'password'],
    })
  })

  it('asks for email and password to sign in', () => {
    expect(formProblem(SignInFormSchema, { email: '', password: '' })).toEqual({
      message: 'Please fill in all fields',
      fields: ['email', 'password'],
    })
  })

  it('rejects an invalid email and a short password with the provider messages', () => {
    expect(formProblem(SignUpFormSchema, { name: 'Rose', email: 'rose', password: 'petals' })).toEqual({
      message: 'Please enter a valid email address.',
      fields: ['email'],
    })
    expect(formProblem(SignUpFormSchema, { name: 'Rose', email: 'rose@example.com', password: 'abc' })).toEqual({
      message: 'Password should be at least 6 characters long.',
      fields: ['password'],
    })
    expect(formProblem(SignInFormSchema, { email: 'rose@', password: 'x' })?.message).toBe('Please enter a valid email address.')
  })

  it('reports the first field’s problem when several fields are wrong but none is blank', () => {
    expect(formProblem(SignUpFormSchema, { name: 'Rose', email: 'rose', password: 'abc' })).toEqual({
      message: 'Please enter a valid email address.',
      fields: ['email'],
    })
  })

  it('accepts complete forms, and hands on the email without the spaces around it', () => {
    expect(formProblem(SignUpFormSchema, { name: 'Rose', email: ' rose@example.com ', password: 'petals' })).toBeNull()
    expect(formProblem(SignInFormSchema, { email: 'rose@example.com', password: 'x' })).toBeNull()
    expect(SignInFormSchema.parse({ email: ' rose@example.com ', password: ' x ' })).toEqual({ email: 'rose@example.com', password: ' x ' })
  })

  it('asks for an email before sending a reset link', () => {
    expect(formProblem(ForgotPasswordFormSchema, { email: '' })).toEqual({ message: 'Please enter your email address', fields: ['email'] })
    expect(formProblem(ForgotPasswordFormSchema, { email: 'nope' })?.message).toBe('Please enter a valid email address.')
    expect(formProblem(ForgotPasswordFormSchema, { email: 'rose@example.com' })).toBeNull()
  })

  it('wants a new password of at least 6 characters, typed twice', () => {
    expect(formProblem(ResetPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })?.message).toBe(
      'Password should be at least 6 characters long.',
    )
    expect(formProblem(ResetPasswordFormSchema, { password: 'abc', confirmPassword: 'abd' })).toEqual({
      message: 'Password should be at least 6 characters long.',
      fields: ['password'],
    })
    expect(formProblem(ResetPasswordFormSchema, { password: 'petals', confirmPassword: 'petal' })).toEqual({
      message: 'Passwords do not match.',
      fields: ['confirmPassword'],
    })
    expect(formProblem(ResetPasswordFormSchema, { password: 'petals', confirmPassword: '' })).toEqual({
      message: 'Please fill in all fields',
      fields: ['confirmPassword'],
    })
    expect(formProblem(ResetPasswordFormSchema, { password: 'petals', confirmPassword: 'petals' })).toBeNull()
  })
})

describe('one message per form', () => {
  it('takes the blank fields together, in form order, else the first problem', () => {
    const order = ['a', 'b', 'c'] as const
    expect(pickProblem({ c: { message: 'Please fill in all fields' }, a: { message: 'Bad' } }, order)).toEqual({
      message: 'Please fill in all fields',
      fields: ['c'],
    })
    expect(pickProblem({ c: { message: 'Bad c' }, b: { message: 'Bad b' } }, order)).toEqual({ message: 'Bad b', fields: ['b'] })
    expect(pickProblem({}, order)).toBeNull()
  })
})
