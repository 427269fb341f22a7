import { describe, expect, it } from 'vitest'
import { EnvError, loadConfig } from '#server/env.ts'

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: './data/accord.db',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      authSecret: null,
      google: null,
      authRateLimit: { perIp: 10, perEmail: 5 },
      sessionCheckIntervalMs: 120_000,
      smtpUrl: null,
      mailFrom: 'Accord <no-reply@localhost>',
    })
  })

  it('accepts a postgres URL and an https public URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/accord',
      PUBLIC_URL: 'https://accord.example/',
      PORT: '8080',
      LOG_LEVEL: 'warn',
    })
    expect(config.databaseUrl).toBe('postgres://app@db.internal:5432/accord')
    expect(config.publicUrl).toBe('https://accord.example')
    expect(config.port).toBe(8080)
    expect(config.logLevel).toBe('warn')
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000)
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://files.example'],
    ['DATABASE_URL', 'mysql://root@localhost/accord'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(EnvError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`))
  })

  it('reads the identity and mail settings', () => {
    const config = loadConfig({
      AUTH_SECRET: 'a'.repeat(32),
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'shh',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Accord <hello@accord.example>',
      AUTH_RATE_LIMIT_PER_IP: '20',
      AUTH_RATE_LIMIT_PER_EMAIL: '8',
    })
    expect(config.authSecret).toBe('a'.repeat(32))
    expect(config.google).toEqual({
      clientId: 'client',
      clientSecret: 'shh',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    })
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example:465')
    expect(config.mailFrom).toBe('Accord <hello@accord.example>')
    expect(config.authRateLimit).toEqual({ perIp: 20, perEmail: 8 })
  })

  it('reads the redeem settings, defaulting to the documented development word', () => {
    expect(loadConfig({}).redeem).toEqual({ secretWord: 'lavender', secretWordIsDefault: true, rateLimitPerIp: 10 })
    expect(loadConfig({ REDEEM_SECRET_WORD: ' Rosemary ', REDEEM_RATE_LIMIT_PER_IP: '500' }).redeem).toEqual({
      secretWord: 'Rosemary',
      secretWordIsDefault: false,
      rateLimitPerIp: 500,
    })
    expect(() => loadConfig({ REDEEM_RATE_LIMIT_PER_IP: '0' })).toThrow(/REDEEM_RATE_LIMIT_PER_IP/)
  })

  it('refuses to start in production without the secret word, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/REDEEM_SECRET_WORD: must be set when NODE_ENV=production/)
    expect(() => loadConfig({ NODE_ENV: 'production', REDEEM_SECRET_WORD: '' })).toThrow(/REDEEM_SECRET_WORD/)
    expect(loadConfig({ NODE_ENV: 'production', REDEEM_SECRET_WORD: 'Rosemary' }).redeem.secretWordIsDefault).toBe(false)
    // Development and test runs keep the documented development word.
    expect(loadConfig({ NODE_ENV: 'development' }).redeem.secretWord).toBe('lavender')
  })

  it('reads REDIS_URL for limits shared by every process, and never echoes it', () => {
    expect(loadConfig({}).redisUrl).toBeNull()
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2')
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache' })).toThrow(/REDIS_URL: must be a redis/)
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache' })).not.toThrow(/hunter2/)
  })

  it('knows whether the address follows the port, and where to announce it (port 0 in tests)', () => {
    expect(loadConfig({ PORT: '0' })).toMatchObject({ port: 0, publicUrlFromPort: true, readyFile: null })
    expect(loadConfig({ PORT: '0', PUBLIC_URL: 'https://accord.example', READY_FILE: '/tmp/ready.json' })).toMatchObject({
      publicUrl: 'https://accord.example',
      publicUrlFromPort: false,
      readyFile: '/tmp/ready.json',
    })
  })

  it('reads the session check interval (tests shorten it)', () => {
    expect(loadConfig({ SESSION_CHECK_INTERVAL_MS: '1500' }).sessionCheckIntervalMs).toBe(1500)
  })

  it('lets the OpenID discovery URL point at another provider (tests use a local one)', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'c',
      GOOGLE_CLIENT_SECRET: 's',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:8080/.well-known/openid-configuration',
    })
    expect(config.google?.discoveryUrl).toBe('http://127.0.0.1:8080/.well-known/openid-configuration')
  })

  it.each([
    ['SMTP_URL', 'http://mail.example'],
    ['AUTH_RATE_LIMIT_PER_IP', '0'],
    ['AUTH_RATE_LIMIT_PER_EMAIL', 'many'],
    ['GOOGLE_DISCOVERY_URL', 'not a url'],
    ['SESSION_CHECK_INTERVAL_MS', '500'],
    ['SESSION_CHECK_INTERVAL_MS', 'often'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `))
  })

  it('rejects a short AUTH_SECRET without echoing it', () => {
    const run = () => loadConfig({ AUTH_SECRET: 'tooshort-but-secret' })
    expect(run).toThrow(/AUTH_SECRET: must be at least 32 characters/)
    expect(run).toThrow(/\[hidden\]/)
    expect(run).not.toThrow(/tooshort-but-secret/)
  })

  it.each([
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
  ])('rejects %s without %s', (given, missing) => {
    expect(() => loadConfig({ [given]: 'value' })).toThrow(
      new RegExp(`${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together`),
    )
  })
})

describe('reminder and web push settings', () => {
  const PUBLIC = 'B'.repeat(87)
  const PRIVATE = 'p'.repeat(43)

  it('polls every 60 s by default and generates VAPID keys unless both are given', () => {
    expect(loadConfig({})).toMatchObject({ reminderPollSeconds: 60, vapid: null })
    expect(loadConfig({ REMINDER_POLL_SECONDS: '1', VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE })).toMatchObject({
      reminderPollSeconds: 1,
      vapid: { publicKey: PUBLIC, privateKey: PRIVATE },
    })
    expect(() => loadConfig({ REMINDER_POLL_SECONDS: '0' })).toThrow(/REMINDER_POLL_SECONDS/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    )
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE })).toThrow(/VAPID_PUBLIC_KEY: must be an 87-character/)
  })

  it('never echoes the private key', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: 'secret!' })).toThrow(/VAPID_PRIVATE_KEY: .*\(got \[hidden\]\)/)
  })

  it('takes the subject from VAPID_SUBJECT, an https PUBLIC_URL or MAIL_FROM, never localhost', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:admin@example.com' }).vapidSubject).toBe('mailto:admin@example.com')
    expect(loadConfig({ PUBLIC_URL: 'https://accord.example.com' }).vapidSubject).toBe('https://accord.example.com')
    expect(loadConfig({ MAIL_FROM: 'Accord <hello@accord.example.com>' }).vapidSubject).toBe('mailto:hello@accord.example.com')
    // The defaults (http://localhost, no-reply@localhost) leave push off rather than send a subject Apple refuses.
    expect(loadConfig({}).vapidSubject).toBeNull()
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:3000' }).vapidSubject).toBeNull()
    for (const bad of ['mailto:me@localhost', 'https://localhost', 'http://accord.example.com', 'admin@example.com']) {
      expect(() => loadConfig({ VAPID_SUBJECT: bad }), bad).toThrow(/VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/)
    }
  })
})
