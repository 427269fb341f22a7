import { z } from 'zod'

/** The one place configuration is read. Everything else receives a Config. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .min(1)
      .default('./data/accord.db')
      .refine((v) => !/^[a-z]+:\/\//i.test(v) || /^postgres(ql)?:\/\//i.test(v), {
        message: 'must be a SQLite file path or a postgres:// URL',
      }),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    DATA_DIR: z.string().min(1).default('./data'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (try: openssl rand -base64 32)').optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Accord <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL of an OpenID discovery document' })
      .default('https://accounts.google.com/.well-known/openid-configuration'),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    SESSION_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
    REDEEM_SECRET_WORD: z.string().trim().min(1).max(100).optional(),
    REDEEM_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
    IMPORT_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
    EXPORT_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(20),
    MCP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    READY_FILE: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REMINDER_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    MCP_DYNAMIC_REGISTRATION: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an 87-character base64url P-256 public key (npx web-push generate-vapid-keys)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a 43-character base64url P-256 private key (npx web-push generate-vapid-keys)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((v) => isVapidSubject(v), { message: 'must be a mailto: address or an https:// URL, not localhost (Apple refuses it)' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
      ctx.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together' })
    }
    // Half a Google configuration is a mistake, not "Google off": say so at start.
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'
      ctx.addIssue({ code: 'custom', path: [missing], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together' })
    }
  })

export type Env = z.infer<typeof EnvSchema>

/** A web push subject push services accept: mailto: or https:, never a localhost address. */
export function isVapidSubject(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return !isLocalHost(url.hostname)
  if (url.protocol !== 'mailto:') return false
  const domain = url.pathname.split('@')[1] ?? ''
  return domain.includes('.') && !isLocalHost(domain)
}

const isLocalHost = (host: string) => /^(localhost|127\.|\[?::1\]?$|0\.0\.0\.0)/i.test(host) || host.endsWith('.localhost')

/**
 * The web push subject: VAPID_SUBJECT; else PUBLIC_URL when it is https (and not localhost); else
 * a mailto: of MAIL_FROM's address when that is a real domain. Null turns push off (logged at start).
 */
export function vapidSubject(env: { subject?: string; publicUrl: string; mailFrom: string }): string | null {
  if (env.subject) return env.subject
  if (isVapidSubject(env.publicUrl)) return env.publicUrl
  const address = /<([^>]+)>/.exec(env.mailFrom)?.[1] ?? env.mailFrom.trim()
  const mailto = `mailto:${address}`
  return isVapidSubject(mailto) ? mailto : null
}

export type Config = {
  nodeEnv: Env['NODE_ENV']
  port: number
  host: string
  databaseUrl: string
  publicUrl: string
  /** PUBLIC_URL was unset: the address follows the port (a server started on port 0 sets it once listening). */
  publicUrlFromPort: boolean
  logLevel: Env['LOG_LEVEL']
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits count per address). */
  trustProxy: boolean
  dataDir: string
  /** better-auth's signing and encryption secret; null means generate one into `${dataDir}/auth-secret`. */
  authSecret: string | null
  /** Google sign-in (an OpenID Connect provider found through its discovery document); null turns it off. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null
  /** Sign-in, sign-up and reset-request attempts allowed per minute, per client address and per e-mail. */
  authRateLimit: { perIp: number; perEmail: number }
  /** How often the signed-in client re-checks its session (docs/product.md §9: every 2 minutes). */
  sessionCheckIntervalMs: number
  /**
   * The reader discount (POST /api/redeem): the secret word (the first word on page 41 of the book),
   * whether it is the development default, and submissions allowed per minute per client address.
   */
  redeem: { secretWord: string; secretWordIsDefault: boolean; rateLimitPerIp: number }
  /** Imports (POST /api/import, /api/import/csv, previews included) allowed per minute, per user. */
  importRateLimitPerUser: number
  /** Exports (GET /api/export and its CSV files) allowed per minute, per user. */
  exportRateLimitPerUser: number
  /**
   * MCP tool calls allowed per minute per user, over all their connected assistants; one client id
   * gets ten times that over every maker it acts for (docs/decisions/047-mcp-server.md).
   */
  mcpRateLimitPerMinute: number
  /** SMTP server for outgoing mail; null writes each message to `${dataDir}/outbox` instead. */
  smtpUrl: string | null
  mailFrom: string
  /** Where the server writes `{ url, port }` once it listens (test launchers start it on port 0). */
  readyFile: string | null
  /** Redis for the abuse limits shared by every process; null keeps the counts in this process's memory. */
  redisUrl: string | null
  /** How often the reminder scheduler looks for reminders that fell due. */
  reminderPollSeconds: number
  /**
   * AI assistants (MCP clients) connected with OAuth (docs/decisions/046): whether a client may
   * register itself (RFC 7591 dynamic client registration, rate-limited per address).
   */
  mcp: { dynamicRegistration: boolean }
  /**
   * Web push: the VAPID keys (null means generate them into `${dataDir}/vapid-keys.json` on first
   * start) and the subject push services may contact (null turns push off).
   */
  vapid: { publicKey: string; privateKey: string } | null
  vapidSubject: string | null
  /** Directory with the built client; null serves the API only (tests that use inject). */
  clientDir: string | null
}

/** The secret word when REDEEM_SECRET_WORD is unset: fine for development, warned about in production. */
export const DEFAULT_REDEEM_SECRET_WORD = 'lavender'

/** Variables whose values may hold credentials: a bad one is named but never echoed. */
const SECRET_VARIABLES = /SECRET|SMTP_URL|REDIS_URL|PRIVATE_KEY/

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Validates the environment; throws an EnvError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = EnvSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      const shown = SECRET_VARIABLES.test(name) && source[name] ? '[hidden]' : JSON.stringify(source[name] ?? null)
      return `  ${name}: ${issue.message} (got ${shown})`
    })
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  // The development word is in the public source: a server told it is in production must be given
  // the book's. (NODE_ENV left unset also means production, but that is the quick start's local run.)
  if (cleaned.NODE_ENV === 'production' && env.REDEEM_SECRET_WORD === undefined) {
    throw new EnvError(
      'Invalid configuration:\n  REDEEM_SECRET_WORD: must be set when NODE_ENV=production (the first word on page 41 of the book)',
    )
  }
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    publicUrlFromPort: env.PUBLIC_URL === undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: env.DATA_DIR,
    authSecret: env.AUTH_SECRET ?? null,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, discoveryUrl: env.GOOGLE_DISCOVERY_URL }
        : null,
    authRateLimit: { perIp: env.AUTH_RATE_LIMIT_PER_IP, perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL },
    sessionCheckIntervalMs: env.SESSION_CHECK_INTERVAL_MS,
    redeem: {
      secretWord: env.REDEEM_SECRET_WORD ?? DEFAULT_REDEEM_SECRET_WORD,
      secretWordIsDefault: env.REDEEM_SECRET_WORD === undefined,
      rateLimitPerIp: env.REDEEM_RATE_LIMIT_PER_IP,
    },
    importRateLimitPerUser: env.IMPORT_RATE_LIMIT_PER_USER,
    exportRateLimitPerUser: env.EXPORT_RATE_LIMIT_PER_USER,
    mcpRateLimitPerMinute: env.MCP_RATE_LIMIT_PER_MINUTE,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL ?? null,
    readyFile: env.READY_FILE ?? null,
    reminderPollSeconds: env.REMINDER_POLL_SECONDS,
    mcp: { dynamicRegistration: env.MCP_DYNAMIC_REGISTRATION },
    vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
    vapidSubject: vapidSubject({
      ...(env.VAPID_SUBJECT ? { subject: env.VAPID_SUBJECT } : {}),
      publicUrl: env.PUBLIC_URL ?? '',
      mailFrom: env.MAIL_FROM,
    }),
    clientDir: null,
  }
}

/** Reads ./.env into process.env when the file exists; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  try {
    process.loadEnvFile(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}
