import { useId, useState } from 'react'
import { useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form'
import { AUTH_MESSAGES } from '#client/lib/auth-client.ts'
import { errorMessage } from '#client/features/auth/error-message.ts'
import type { FormProblem } from '#client/features/auth/validation.ts'

/**
 * The shared mechanics of the auth forms (react-hook-form): check the values, show one message
 * (SPEC.md §8 wants one per form, not one per field) and mark and focus the fields it is about,
 * send while the submit button is disabled, and keep what was typed when it fails.
 */
export function useAuthForm<Values extends FieldValues>({
  defaultValues,
  check,
  submit,
  fallbackMessage = AUTH_MESSAGES.generic,
}: {
  defaultValues: DefaultValues<Values>
  check: (values: Values) => FormProblem<Path<Values>> | null
  submit: (values: Values) => Promise<void>
  fallbackMessage?: string
}) {
  const form = useForm<Values>({ defaultValues })
  const [message, setMessage] = useState<string | null>(null)
  const messageId = useId()
  const fieldId = useId()
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    form.clearErrors()
    setMessage(null)
    const problem = check(values)
    if (problem) {
      for (const field of problem.fields) form.setError(field, { type: 'validate', message: problem.message })
      setMessage(problem.message)
      if (problem.fields[0]) form.setFocus(problem.fields[0])
      return
    }
    try {
      await submit(values)
    } catch (err) {
      setMessage(errorMessage(err, fallbackMessage))
    }
  })

  return {
    form,
    onSubmit,
    busy: isSubmitting,
    message,
    setMessage,
    messageId,
    /** The props of an AuthField for one value: its id, its invalid mark, and react-hook-form's. */
    field: (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => ({
      id: `${fieldId}-${name}`,
      invalid: Boolean(errors[name]),
      messageId,
      ...form.register(name, options),
    }),
  }
}
