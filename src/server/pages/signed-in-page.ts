import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BootData } from '#shared/config/boot-data.ts'
import { readMeSummary } from '#server/blends/summary.ts'
import { getSettings } from '#server/me/settings.commands.ts'

/** A signed-in page's first-render data, and the cookies the identity service set while checking the session. */
export type SignedInPage = { boot: BootData; setCookies: string[] }

/**
 * Checks the session the request's cookie names, as GET /api/auth/get-session would (refreshing it
 * when it is due), and reads what the page's first render needs (decision 035): the user, the
 * account's language (decision 093), and on Home the summary. Null when the session has ended;
 * undefined when it could not be checked (the database is down): the page is then sent without
 * them, and the app asks for itself.
 */
export async function signedInPage(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<SignedInPage | null | undefined> {
  try {
    const { headers, response: session } = await app.identity.auth.api.getSession({
      headers: new Headers({ cookie: request.headers.cookie ?? '' }),
      returnHeaders: true,
    })
    if (!session) return null
    const { id, email, name, image } = session.user
    const boot: BootData = { user: { id, email, name: name || null, image: image ?? null } }
    const [settings, summary] = await Promise.all([
      getSettings(app.db.kysely, id),
      pathname === '/' ? readMeSummary(app.db.kysely, id) : undefined,
    ])
    if (settings.language) boot.language = settings.language
    if (summary) boot.summary = summary
    return { boot, setCookies: headers.getSetCookie() }
  } catch (err) {
    request.log.warn({ err }, 'The session could not be checked for a page; it is sent without its first-render data')
    return undefined
  }
}
