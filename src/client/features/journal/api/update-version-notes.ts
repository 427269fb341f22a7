import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { BlendVersion } from '#shared/api/blends.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { updateCachedBlend } from '#client/lib/blend-queries.ts'

/** PATCH /api/blend-versions/{id} {formulationNotes}: the autosave of a version's blend notes. */
export async function updateVersionNotes(id: number, notes: string): Promise<BlendVersion> {
  const res = await apiRequest('PATCH', `/api/blend-versions/${id}`, { formulationNotes: notes.trim() ? notes : null })
  return readAs(res, 'BlendVersion')
}

/** Saves the notes and puts the saved version in its blend's cache (the text on screen stays as typed). */
export function useSaveVersionNotes(versionId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    async (notes: string) => {
      const saved = await updateVersionNotes(versionId, notes)
      updateCachedBlend(queryClient, saved.projectId, {
        detail: (blend) => ({
          ...blend,
          versions: blend.versions.map((v) => (v.id === saved.id ? { ...saved, testCount: v.testCount } : v)),
        }),
      })
    },
    [queryClient, versionId],
  )
}
