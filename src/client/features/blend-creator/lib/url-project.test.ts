import { describe, expect, it } from 'vitest'
import { parseUrlProject } from '#client/features/blend-creator/lib/url-project.ts'

describe('the project in the URL', () => {
  const params = (query: string) => new URLSearchParams(query)

  it('reads a numeric project id and its decoded name', () => {
    expect(parseUrlProject(params('project=12&projectName=Calm%20Evenings'))).toEqual({ id: 12, name: 'Calm Evenings' })
  })

  it('reads a project without a name', () => {
    expect(parseUrlProject(params('project=3'))).toEqual({ id: 3, name: null })
  })

  it.each(['', 'project=', 'project=abc', 'project=0', 'project=-2', 'project=1.5', 'projectName=X'])('ignores %j', (query) => {
    expect(parseUrlProject(params(query))).toBeNull()
  })
})
