import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { BlendProject, BlendVersion } from '#shared/api/blends.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** PATCH /api/blend-versions/{id} {formulationNotes}: the autosave of a version's blend notes. */
export async function updateVersionNotes(id: number, notes: string): Promise<BlendVersion> {
  const res = await apiRequest('PATCH', `/api/blend-versions/${id}`, { formulationNotes: notes.trim() ? notes : null })
  return (await res.json()) as BlendVersion
}

/** Saves the notes and puts the saved version in the projects cache (the text on screen stays as typed). */
export function useSaveVersionNotes(versionId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    async (notes: string) => {
      const saved = await updateVersionNotes(versionId, notes)
      queryClient.setQueryData<BlendProject[]>(PROJECTS_QUERY_KEY, (projects) =>
        projects?.map((p) => (p.id === saved.projectId ? { ...p, versions: p.versions.map((v) => (v.id === saved.id ? saved : v)) } : p)),
      )
    },
    [queryClient, versionId],
  )
}
