import { useQuery } from '@tanstack/react-query'
import type { BlendProject } from '#shared/api/blends.ts'
import { getJson } from '#client/lib/api-client.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * "My accords" (decision 073): the user's saved blend versions a layer can hold as an accord, for the
 * Modify Blend editor's picker. Read from GET /api/blend-projects, whose first page is the newest
 * PROJECT_PAGE_MAX blends with every version; the key sits under PROJECTS_QUERY_KEY, so every save,
 * delete and import (which invalidate it) refreshes the list.
 */

export interface AccordChoice {
  versionId: number
  projectId: number
  /** The blend's name ('Citrus Dawn'). */
  name: string
  /** '001b'. */
  referenceNumber: string
}

export const MY_ACCORDS_QUERY_KEY = [...PROJECTS_QUERY_KEY, 'accords'] as const

/** Every version of every blend, newest blend first and its versions newest first. */
export function accordChoices(projects: readonly BlendProject[]): AccordChoice[] {
  return projects.flatMap((p) =>
    [...p.versions].reverse().map((v) => ({ versionId: v.id, projectId: p.id, name: p.name, referenceNumber: v.referenceNumber })),
  )
}

/** The choices whose name or reference holds the search ('citrus', '001b'), case and accents aside. */
export function searchChoices(choices: readonly AccordChoice[], search: string): AccordChoice[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en')
  const words = fold(search).split(/\s+/).filter(Boolean)
  return choices.filter((c) => {
    const text = fold(`${c.name} ${c.referenceNumber}`)
    return words.every((w) => text.includes(w))
  })
}

export function useMyAccords({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: MY_ACCORDS_QUERY_KEY,
    queryFn: async () => accordChoices(await getJson('/api/blend-projects?limit=100', 'BlendProjects')),
    enabled,
  })
}
