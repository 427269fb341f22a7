import type { z } from 'zod'
import { PasswordResetSchema, SignInBodySchema, SignUpBodySchema } from '#shared/api/auth.ts'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'

/** Why a form cannot be sent yet: the message the user reads and the fields to mark invalid. */
export interface FormProblem<Field extends string> {
  message: string
  fields: Field[]
}

export type SignUpValues = { name: string; email: string; password: string }
export type SignInValues = { email: string; password: string }
export type ForgotPasswordValues = { email: string }
export type ResetPasswordValues = { password: string; confirmPassword: string }

export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match.'

const isBlank = (value: string) => value.trim() === ''

function blankFields<Field extends string>(values: Record<Field, string>, fields: Field[]): Field[] {
  return fields.filter((field) => isBlank(values[field]))
}

/** The first issue of the shared schema (its messages are SPEC.md §8's), or null. */
function schemaProblem<Field extends string>(schema: z.ZodType, input: unknown): FormProblem<Field> | null {
  const result = schema.safeParse(input)
  if (result.success) return null
  const issue = result.error.issues[0]
  return { message: issue?.message ?? AUTH_MESSAGES.generic, fields: issue ? [String(issue.path[0]) as Field] : [] }
}

/** SPEC.md §5: sign-up needs name, email and password ('Please fill in all fields'). */
export function checkSignUp(values: SignUpValues): FormProblem<keyof SignUpValues> | null {
  const blank = blankFields(values, ['name', 'email', 'password'])
  if (blank.length > 0) return { message: AUTH_MESSAGES.fillAllFields, fields: blank }
  return schemaProblem(SignUpBodySchema, { ...values, email: values.email.trim() })
}

/** SPEC.md §5: sign-in needs email and password ('Please fill in all fields'). */
export function checkSignIn(values: SignInValues): FormProblem<keyof SignInValues> | null {
  const blank = blankFields(values, ['email', 'password'])
  if (blank.length > 0) return { message: AUTH_MESSAGES.fillAllFields, fields: blank }
  return schemaProblem(SignInBodySchema, { ...values, email: values.email.trim() })
}

/** SPEC.md §5: a reset request needs an email ('Please enter your email address'). */
export function checkForgotPassword(values: ForgotPasswordValues): FormProblem<keyof ForgotPasswordValues> | null {
  if (isBlank(values.email)) return { message: AUTH_MESSAGES.enterEmail, fields: ['email'] }
  return schemaProblem(SignInBodySchema.pick({ email: true }), { email: values.email.trim() })
}

/** The new password of a reset: at least 6 characters, typed the same twice. */
export function checkResetPassword(values: ResetPasswordValues): FormProblem<keyof ResetPasswordValues> | null {
  const blank = blankFields(values, ['password', 'confirmPassword'])
  if (blank.length > 0) return { message: AUTH_MESSAGES.fillAllFields, fields: blank }
  const weak = schemaProblem(PasswordResetSchema.pick({ newPassword: true }), { newPassword: values.password })
  if (weak) return { message: weak.message, fields: ['password'] }
  if (values.password !== values.confirmPassword) return { message: PASSWORDS_DIFFER_MESSAGE, fields: ['confirmPassword'] }
  return null
}
