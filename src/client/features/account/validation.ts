import { z } from 'zod'
import { ChangePasswordBodySchema, UpdateNameBodySchema } from '#shared/api/account.ts'
import { batchCodePatternProblem } from '#shared/domain/batch-code.ts'

/** The account page's form schemas, for zodResolver: the shared request schemas plus what only a form needs. */

export const PASSWORDS_DIFFER_MESSAGE = 'The new passwords do not match.'
/** The longest responsible person's name and address a label prints (decision 050). */
export const LABEL_NAME_MAX_LENGTH = 120
export const LABEL_ADDRESS_MAX_LENGTH = 300
export const LABEL_NAME_TOO_LONG_MESSAGE = `The name is at most ${LABEL_NAME_MAX_LENGTH} characters`
export const ADDRESS_TOO_LONG_MESSAGE = `The address is at most ${LABEL_ADDRESS_MAX_LENGTH} characters`

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

/** The label settings (decision 050): the pattern checked as the server checks it, the name and address optional. */
export const LabelSettingsFormSchema = z.object({
  batchCodePattern: z.string().superRefine((pattern, ctx) => {
    const problem = batchCodePatternProblem(pattern)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
  responsibleName: z.string().max(LABEL_NAME_MAX_LENGTH, LABEL_NAME_TOO_LONG_MESSAGE),
  responsibleAddress: z.string().max(LABEL_ADDRESS_MAX_LENGTH, ADDRESS_TOO_LONG_MESSAGE),
})
export type LabelSettingsValues = z.input<typeof LabelSettingsFormSchema>
