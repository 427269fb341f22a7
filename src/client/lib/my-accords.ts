import { useInfiniteQuery } from '@tanstack/react-query'
import type { BlendProject } from '#shared/api/blends.ts'
import { PROJECT_PAGE_MAX } from '#shared/api/blend-list.ts'
import { NEXT_CURSOR_HEADER } from '#shared/api/headers.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * "My accords" (decision 073): the user's saved blend versions a layer can hold as an accord, for the
 * Modify Blend editor's picker. Read from GET /api/blend-projects a page at a time (the newest
 * PROJECT_PAGE_MAX blends with every version, then the next page on "Show older blends"), so every
 * blend of a large journal can be reached; the key sits under PROJECTS_QUERY_KEY, so every save,
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

/** One page of choices, and the cursor of the next (null: no more). */
async function accordPage(cursor: string | null): Promise<{ choices: AccordChoice[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ limit: String(PROJECT_PAGE_MAX) })
  if (cursor) query.set('cursor', cursor)
  const res = await apiRequest('GET', `/api/blend-projects?${query.toString()}`)
  const nextCursor = res.headers.get(NEXT_CURSOR_HEADER)
  return { choices: accordChoices(await readAs(res, 'BlendProjects')), nextCursor: nextCursor || null }
}

/** The choices of the pages loaded so far (`data`), and `fetchNextPage` while `hasNextPage`. */
export function useMyAccords({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: MY_ACCORDS_QUERY_KEY,
    queryFn: ({ pageParam }) => accordPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
  return { ...query, data: query.data?.pages.flatMap((page) => page.choices) }
}
