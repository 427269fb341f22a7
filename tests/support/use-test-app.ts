import { afterAll, beforeAll } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { BuildOptions } from '#server/app.ts'
import type { Dialect } from '#server/db/db.ts'
import { oilsByName } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/** What a describe block of API tests starts from. */
export type TestContext = {
  t: TestAppHandle
  /** The seeded catalog by oil name. */
  oils: Record<string, EssentialOil>
  /** A signed-in user of the block's own. */
  user: TestUser
  /** A request as `who` (the block's user unless named). */
  call: (method: string, url: string, payload?: unknown, who?: TestUser) => ReturnType<typeof injectAs>
}

/**
 * The API tests' one setup: before the block's tests, an app on `engine` with a fresh database,
 * the catalog and a signed-in user, handed to `ready`; after them, the app closed. The block keeps
 * its own names for them:
 *
 *   let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
 *   useTestApp(engine, (ctx) => ({ t, oils, user } = ctx))
 */
export function useTestApp(
  engine: Dialect,
  ready: (ctx: TestContext) => void,
  env: Record<string, string> = {},
  /** buildApp's other options (an MCP authenticator, a log stream). */
  build: Omit<BuildOptions, 'db'> = {},
): void {
  let handle: TestAppHandle | undefined
  beforeAll(async () => {
    const t = await createTestApp(engine, env, {}, undefined, build)
    handle = t
    const user = await createUser(t)
    ready({ t, oils: await oilsByName(t), user, call: (method, url, payload, who = user) => injectAs(t, who, method, url, payload) })
  })
  afterAll(async () => handle?.close())
}
