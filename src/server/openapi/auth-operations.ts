import { z } from 'zod'
import { NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import {
  PasswordResetRequestSchema,
  PasswordResetSchema,
  SessionResponseSchema,
  SignInBodySchema,
  SignUpBodySchema,
  TokenResponseSchema,
} from '#shared/api/auth.ts'
import { BEFORE_ROUTING } from '#server/openapi/responses.ts'

/**
 * The identity service's endpoints under /api/auth, one by one, with the answers each really
 * gives (better-auth behind our forwarder: auth.routes.ts). Fastify serves them through one
 * wildcard route; the published document names each, so a client never builds a path into one
 * percent-encoded parameter (decision 041).
 */

type Operation = {
  method: 'get' | 'post'
  path: string
  summary: string
  body?: z.ZodType
  ok: z.ZodType | 'redirect'
  /** The error statuses it answers, beside 429 (every identity endpoint is limited), those before routing (400, 408, 431) and 5xx. */
  errors: number[]
  /** Query parameters, all text. */
  query?: { name: string; required: boolean; description: string }[]
}

const Status = z.object({ status: z.boolean() })
const AnyJson = z.looseObject({})

const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    summary: 'Make an account with e-mail and password; signs it in (session cookie)',
    body: SignUpBodySchema,
    ok: AnyJson,
    errors: [400, 409, 415, 422],
  },
  {
    method: 'post',
    path: '/sign-in/email',
    summary: 'Sign in with e-mail and password (session cookie)',
    body: SignInBodySchema,
    ok: AnyJson,
    errors: [400, 401, 403, 415],
  },
  {
    method: 'post',
    path: '/sign-in/social',
    summary: 'Start a Google sign-in: answers the address to send the browser to',
    body: z.object({ provider: z.string(), callbackURL: z.string().optional(), errorCallbackURL: z.string().optional() }),
    ok: z.object({ url: z.string(), redirect: z.boolean() }),
    // 403: a callback address outside this site.
    errors: [400, 403, 404, 415],
  },
  {
    method: 'get',
    path: '/callback/{providerId}',
    summary: 'Where Google sends the browser back; redirects into the app',
    ok: 'redirect',
    errors: [400],
  },
  { method: 'post', path: '/sign-out', summary: 'Sign this browser out', ok: z.object({ success: z.boolean() }), errors: [400] },
  {
    method: 'get',
    path: '/get-session',
    summary: 'Who is signed in with this cookie (null when no one)',
    ok: SessionResponseSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/token',
    summary: 'A 15-minute ID token for `Authorization: Bearer`, for the session cookie',
    ok: TokenResponseSchema,
    errors: [401],
  },
  {
    method: 'get',
    path: '/jwks',
    summary: 'The public keys the ID tokens are signed with',
    ok: z.object({ keys: z.array(AnyJson) }),
    errors: [],
  },
  {
    method: 'post',
    path: '/request-password-reset',
    summary: 'E-mail a password reset link',
    body: PasswordResetRequestSchema,
    ok: Status,
    errors: [400, 404, 415],
  },
  {
    method: 'get',
    path: '/reset-password/{token}',
    summary: 'The e-mailed link: redirects to the reset page with its token',
    ok: 'redirect',
    errors: [400, 403],
    query: [
      { name: 'callbackURL', required: true, description: 'Where to send the browser: a page of this site (the e-mailed link carries it)' },
    ],
  },
  {
    method: 'post',
    path: '/reset-password',
    summary: 'Set a new password with a reset token',
    body: PasswordResetSchema,
    ok: Status,
    errors: [400, 415],
  },
  {
    method: 'post',
    path: '/change-password',
    summary: 'Change the password; always signs out the other sessions',
    body: z.object({ currentPassword: z.string(), newPassword: z.string(), revokeOtherSessions: z.boolean().optional() }),
    ok: AnyJson,
    errors: [400, 401, 415],
  },
  {
    method: 'post',
    path: '/update-user',
    summary: 'Rename the account (a name may not be blank)',
    body: z.object({ name: z.string().meta({ pattern: NOT_BLANK_PATTERN }) }),
    ok: Status,
    errors: [400, 401, 415],
  },
  { method: 'post', path: '/revoke-sessions', summary: 'Sign out everywhere', ok: Status, errors: [401] },
]

const ERROR_REF = { $ref: '#/components/schemas/Error' }
const json = (schema: unknown) => ({ 'application/json': { schema } })
const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })

/** The document's paths for the identity service, keyed as OpenAPI writes them (`/api/auth/sign-in/email`). */
export function authPaths(basePath: string): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const url = `${basePath}${op.path}`
    const params = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: { type: 'string', minLength: 1 },
      })),
      ...(op.query ?? []).map((q) => ({
        name: q.name,
        in: 'query',
        required: q.required,
        description: q.description,
        schema: { type: 'string' },
      })),
    ]
    const responses: Record<string, unknown> = {
      [op.ok === 'redirect' ? '302' : '200']:
        op.ok === 'redirect' ? { description: 'A redirect into the app' } : { description: 'Done', content: json(toSchema(op.ok)) },
    }
    // Its own refusals, the limit every identity endpoint has, and what Node refuses before routing.
    for (const status of new Set([...op.errors, 429, ...Object.keys(BEFORE_ROUTING).map(Number)]))
      responses[String(status)] = { description: `Refused (${status})`, content: json(ERROR_REF) }
    responses['5XX'] = { description: 'The identity service failed', content: json(ERROR_REF) }
    paths[url] = {
      ...paths[url],
      [op.method]: {
        summary: op.summary,
        tags: ['identity'],
        security: [],
        ...(params.length > 0 ? { parameters: params } : {}),
        ...(op.body ? { requestBody: { required: true, content: json(toSchema(op.body)) } } : {}),
        responses,
      },
    }
  }
  return paths
}
