import { z } from 'zod'
import { PasswordResetRequestSchema, PasswordResetSchema, SignInBodySchema, SignUpBodySchema } from '#shared/api/auth.ts'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'
import { PASSWORDS_DIFFER_MESSAGE } from '#client/features/auth/auth-catalog.ts'

/**
 * The auth forms' schemas, for zodResolver: the shared request schemas (their messages are the
 * ones users read), with a blank field reported as the form's own "fill in" message first.
 */

/** Why a form cannot be sent yet: the message the user reads and the fields to mark invalid. */
export interface FormProblem<Field extends string> {
  message: string
  fields: Field[]
}

export { PASSWORDS_DIFFER_MESSAGE }

/** A field that must not be blank (spaces only count as blank), then the shared rule. */
function filled<Rule extends z.ZodType<unknown, string>>(
  rule: Rule,
  { blank = AUTH_MESSAGES.fillAllFields, trim = false }: { blank?: string; trim?: boolean } = {},
) {
  const text = trim ? z.string().trim() : z.string()
  return text.refine((value) => value.trim() !== '', blank).pipe(rule)
}

/** Sign-up: name, email and password ('Please fill in all fields'), then the server's rules. */
export const SignUpFormSchema = SignUpBodySchema.extend({
  name: filled(SignUpBodySchema.shape.name),
  email: filled(SignUpBodySchema.shape.email, { trim: true }),
  password: filled(SignUpBodySchema.shape.password),
})

/** Sign-in: email and password ('Please fill in all fields'). */
export const SignInFormSchema = SignInBodySchema.extend({
  email: filled(SignInBodySchema.shape.email, { trim: true }),
  password: filled(SignInBodySchema.shape.password),
})

/** A reset request: an email ('Please enter your email address'). */
export const ForgotPasswordFormSchema = PasswordResetRequestSchema.extend({
  email: filled(PasswordResetRequestSchema.shape.email, { blank: AUTH_MESSAGES.enterEmail, trim: true }),
})

/** The new password of a reset: the server's password rule, typed the same twice. */
export const ResetPasswordFormSchema = z
  .object({
    password: filled(PasswordResetSchema.shape.newPassword),
    confirmPassword: filled(z.string()),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  })

export type SignUpValues = z.input<typeof SignUpFormSchema>
export type SignInValues = z.input<typeof SignInFormSchema>
export type ForgotPasswordValues = z.input<typeof ForgotPasswordFormSchema>
export type ResetPasswordValues = z.input<typeof ResetPasswordFormSchema>

const BLANK_MESSAGES: readonly string[] = [AUTH_MESSAGES.fillAllFields, AUTH_MESSAGES.enterEmail]

/**
 * The one message a form shows (docs/product.md §8 wants one per form, not one per field), from its
 * fields' errors in form order: the blank fields together, else the first field's problem.
 */
export function pickProblem<Field extends string>(
  errors: Partial<Record<Field, { message?: string } | undefined>>,
  order: readonly Field[],
): FormProblem<Field> | null {
  const failed = order.filter((field) => errors[field]?.message)
  const blank = failed.filter((field) => BLANK_MESSAGES.includes(errors[field]!.message!))
  if (blank.length > 0) return { message: errors[blank[0]!]!.message!, fields: blank }
  const first = failed[0]
  return first === undefined ? null : { message: errors[first]!.message!, fields: [first] }
}

/** What a form schema says about `values`, as the form shows it (or null when it can be sent). */
export function formProblem<Field extends string>(schema: z.ZodType, values: Record<Field, string>): FormProblem<Field> | null {
  const result = schema.safeParse(values)
  if (result.success) return null
  const errors: Partial<Record<Field, { message: string }>> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as Field
    errors[field] ??= { message: issue.message }
  }
  return pickProblem(errors, Object.keys(values) as Field[])
}
