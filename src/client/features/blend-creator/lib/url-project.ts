/** A blend named in the URL (/blend?project=12&projectName=Calm%20Evenings), whose next version the wizard saves. */
export interface UrlProject {
  id: number
  name: string | null
}

/** Reads ?project=&projectName= (a positive integer id; the name is optional). */
export function parseUrlProject(params: { get(name: string): string | null }): UrlProject | null {
  const raw = params.get('project')
  if (raw === null || !/^\d+$/.test(raw.trim())) return null
  const id = Number.parseInt(raw, 10)
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const name = params.get('projectName')?.trim()
  return { id, name: name ? name : null }
}
