import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState, type FormEvent } from 'react'
import { useForm, type DefaultValues, type FieldErrors, type Path } from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from '#client/lib/api-client.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { problemText, type Translate } from '#client/features/account/account-catalog.ts'

type StringFields = Record<string, string>

/**
 * What a failed request says to the user, in the shown language: the server's message for a
 * refusal (its words when the catalogs know it), a plain one otherwise.
 */
export function failureMessage(t: Translate, err: unknown): string {
  if (err instanceof ApiError) return problemText(t, err.message)
  return t('account.problem.somethingWrong')
}

/**
 * An account form: react-hook-form with its Zod schema, one message for the form (the first
 * problem, its field marked and focused), one request per press, and what was typed kept on failure.
 */
export function useAccountForm<Values extends StringFields>({
  schema,
  defaultValues,
  submit,
}: {
  schema: z.ZodType<Values, Values>
  defaultValues: DefaultValues<Values> & Values
  submit: (values: Values) => Promise<void>
}) {
  const t = useMessages()
  const form = useForm<Values>({ defaultValues, resolver: zodResolver(schema), reValidateMode: 'onSubmit', shouldFocusError: false })
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const messageId = useId()
  const fieldId = useId()
  const singleFlight = useSingleFlight()
  const { errors, isSubmitting } = form.formState

  const onInvalid = (fieldErrors: FieldErrors<Values>) => {
    const first = (Object.keys(defaultValues) as Path<Values>[]).find((name) => fieldErrors[name]?.message)
    if (!first) return
    setMessage({ tone: 'error', text: problemText(t, String(fieldErrors[first]!.message)) })
    form.setFocus(first)
  }

  const handle = form.handleSubmit(async (values) => {
    setMessage(null)
    try {
      await submit(values)
    } catch (err) {
      setMessage({ tone: 'error', text: failureMessage(t, err) })
    }
  }, onInvalid)

  return {
    form,
    onSubmit: (event: FormEvent) => {
      event.preventDefault()
      void singleFlight(() => handle(event))
    },
    busy: isSubmitting,
    message,
    setMessage,
    messageId,
    /** The props of a FormField for one value. */
    field: (name: Path<Values>) => ({
      id: `${fieldId}-${name}`,
      invalid: Boolean(errors[name]),
      messageId,
      ...form.register(name),
    }),
  }
}
