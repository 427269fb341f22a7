/** A route as the app records it when registered. */
type RegisteredRoute = { method: string; url: string }

/**
 * The methods a path answers to, for a 405's `Allow` header: a request with another method on a
 * path the API has is "method not allowed", not "no such route". Built once from the registered
 * routes; `:param` matches one segment, a trailing `*` the rest.
 */
export function createAllowedMethods(routes: readonly RegisteredRoute[]): (pathname: string) => string[] {
  let table: { pattern: RegExp; methods: Set<string> }[] | null = null
  const build = () => {
    const byUrl = new Map<string, Set<string>>()
    for (const route of routes) {
      const methods = byUrl.get(route.url) ?? new Set<string>()
      methods.add(route.method)
      if (route.method === 'GET') methods.add('HEAD')
      byUrl.set(route.url, methods)
    }
    return [...byUrl].map(([url, methods]) => ({ pattern: patternOf(url), methods }))
  }
  return (pathname) => {
    table ??= build()
    const allowed = new Set<string>()
    for (const { pattern, methods } of table) if (pattern.test(pathname)) for (const m of methods) allowed.add(m)
    return [...allowed].sort()
  }
}

function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${escaped}/?$`)
}
