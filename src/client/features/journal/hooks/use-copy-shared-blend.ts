import { useEffect, useRef } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { COPY_SHARE_PARAM, SHARE_TOKEN_PATTERN } from '#shared/api/share-token.ts'
import { toast } from '#client/components/ui/toast.tsx'
import { copySharedBlend } from '#client/features/journal/api/copy-shared-blend.ts'
import { errorReason } from '#client/features/journal/api/error-reason.ts'
import { newIdempotencyKey } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/**
 * "Copy to my journal" from a share link's page: the journal opens with ?copyShare={token}; a
 * signed-out reader signs in first (the gate keeps the address), then the copy happens once, the
 * parameter goes, and the new blend's details open. One key per token, so a second mount never
 * copies twice.
 */
export function useCopySharedBlend(openBlend: (blendId: number) => void): { copying: boolean } {
  const t = useMessages()
  // Strings, not `t`, in the effect's dependencies: they change only with the language.
  const failedTitle = t('journal.copy.failed')
  const incomplete = t('journal.copy.incomplete')
  const [params, setParams] = useSearchParams()
  const token = params.get(COPY_SHARE_PARAM)
  const queryClient = useQueryClient()
  const started = useRef(new Set<string>())
  const copy = useMutation({
    mutationFn: ({ token, key }: { token: string; key: string }) => copySharedBlend(token, key),
    onSuccess: async (copied) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ])
      toast.success(t('journal.copy.copied'), {
        description: t('journal.copy.copiedText', { name: copied.name, reference: copied.reference }),
      })
      openBlend(copied.id)
    },
    onError: (error) => {
      toast.error(t('journal.copy.failed'), { description: errorReason(error) })
      setParams({}, { replace: true })
    },
  })
  const { mutate } = copy

  useEffect(() => {
    if (!token || started.current.has(token)) return
    started.current.add(token)
    if (!SHARE_TOKEN_PATTERN.test(token)) {
      toast.error(failedTitle, { description: incomplete })
      setParams({}, { replace: true })
      return
    }
    mutate({ token, key: newIdempotencyKey() })
  }, [token, mutate, setParams, failedTitle, incomplete])

  return { copying: copy.isPending }
}
