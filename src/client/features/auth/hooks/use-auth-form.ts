import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, type DefaultValues, type FieldErrors, type Path, type RegisterOptions } from 'react-hook-form'
import type { z } from 'zod'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'
import { errorMessage } from '#client/features/auth/error-message.ts'
import { pickProblem } from '#client/features/auth/validation.ts'

type StringFields = Record<string, string>

/**
 * The shared mechanics of the auth forms (react-hook-form with the form's Zod schema): show one
 * message (docs/product.md §8 wants one per form, not one per field) and mark and focus the fields it is
 * about, send while the submit button is disabled, and keep what was typed when it fails.
 */
export function useAuthForm<Values extends StringFields>({
  schema,
  defaultValues,
  submit,
  fallbackMessage = AUTH_MESSAGES.generic,
}: {
  schema: z.ZodType<Values, Values>
  defaultValues: DefaultValues<Values> & Values
  submit: (values: Values) => Promise<void>
  fallbackMessage?: string
}) {
  const form = useForm<Values>({
    defaultValues,
    resolver: zodResolver(schema),
    // The marks and the message change on the next submit, not while the user types.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const [message, setMessage] = useState<string | null>(null)
  const messageId = useId()
  const fieldId = useId()
  const { errors, isSubmitting } = form.formState

  const onInvalid = (fieldErrors: FieldErrors<Values>) => {
    const order = Object.keys(defaultValues) as Path<Values>[]
    const problem = pickProblem(fieldErrors as Partial<Record<Path<Values>, { message?: string }>>, order)
    if (!problem) return
    // Only the fields the message is about are marked.
    form.clearErrors()
    for (const field of problem.fields) form.setError(field, { type: 'validate', message: problem.message })
    setMessage(problem.message)
    if (problem.fields[0]) form.setFocus(problem.fields[0])
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null)
    try {
      await submit(values)
    } catch (err) {
      setMessage(errorMessage(err, fallbackMessage))
    }
  }, onInvalid)

  return {
    form,
    onSubmit,
    busy: isSubmitting,
    message,
    setMessage,
    messageId,
    /** The props of a FormField for one value: its id, its invalid mark, and react-hook-form's. */
    field: (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => ({
      id: `${fieldId}-${name}`,
      invalid: Boolean(errors[name]),
      messageId,
      ...form.register(name, options),
    }),
  }
}
