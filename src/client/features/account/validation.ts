import { z } from 'zod'
import { ChangePasswordBodySchema, UpdateNameBodySchema } from '#shared/api/account.ts'

/** The account page's form schemas, for zodResolver: the shared request schemas plus what only a form needs. */

export const PASSWORDS_DIFFER_MESSAGE = 'The new passwords do not match.'

export const ProfileFormSchema = UpdateNameBodySchema

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: ChangePasswordBodySchema.shape.currentPassword,
    newPassword: ChangePasswordBodySchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  })

export type ProfileValues = z.input<typeof ProfileFormSchema>
export type ChangePasswordValues = z.input<typeof ChangePasswordFormSchema>
