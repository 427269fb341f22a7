import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedJournal } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { CLAIM_BATCH } from '#server/reminders/reminder-scheduler.ts'
import { claimDueReminders } from '#server/reminders/reminders.repo.ts'

/**
 * The scheduler's cost per poll with 10,000 reminders due (docs/quality.md, decision 038), on each
 * engine: an idle poll beside 10,000 sent and 10,000 future rows, one claim of CLAIM_BATCH out of
 * 10,000 due, and draining all 10,000 (makers with no channel on, so no mail is written: the cost
 * measured is the scheduler's own, not SMTP's). Run with `npx vitest run --project scale`.
 */
const DUE = 10_000

describe.each(ENGINES)('the reminder scheduler with 10,000 due reminders on %s', (engine) => {
  let t: TestAppHandle
  let user: TestUser
  let versions: { id: number; project_id: number }[]

  beforeAll(async () => {
    t = await createTestApp(engine)
    user = await createUser(t)
    await seedJournal(
      t.db,
      user.userId,
      Array.from({ length: 100 }, (_, i) => ({ name: `Blend ${i + 1}` })),
    )
    versions = await t.db.kysely.selectFrom('blend_versions').select(['id', 'project_id']).where('user_id', '=', user.userId).execute()
  }, 120_000)
  afterAll(async () => t.close())

  async function insertRows(count: number, row: (i: number) => { due_at: string; sent_at: string | null }) {
    for (let start = 0; start < count; start += 500) {
      const values = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
        const i = start + k
        const v = versions[i % versions.length]!
        return {
          user_id: user.userId,
          project_id: v.project_id,
          version_id: v.id,
          batch_id: null,
          made_on: '2026-01-01',
          created_at: '2026-01-01T00:00:00.000Z',
          ...row(i),
        }
      })
      await t.db.kysely.insertInto('reminders').values(values).execute()
    }
  }

  const time = async <T>(f: () => Promise<T>) => {
    const started = performance.now()
    const value = await f()
    return { value, ms: performance.now() - started }
  }

  it('measures an idle poll, one claim, and draining them all', async () => {
    await insertRows(DUE, (i) => ({ due_at: new Date(Date.UTC(2026, 0, 3) + i * 1000).toISOString(), sent_at: '2026-01-03T00:00:00.000Z' }))
    await insertRows(DUE, (i) => ({ due_at: new Date(Date.UTC(2099, 0, 1) + i * 1000).toISOString(), sent_at: null }))
    for (let i = 0; i < 3; i++) await t.app.reminders.poll()
    const idle = await time(() => t.app.reminders.poll())
    expect(idle.value.claimed).toBe(0)

    await insertRows(DUE, (i) => ({ due_at: new Date(Date.UTC(2026, 0, 5) + i * 1000).toISOString(), sent_at: null }))
    const claim = await time(() => claimDueReminders(t.db.kysely, t.db.dialect, new Date(), CLAIM_BATCH))
    expect(claim.value).toHaveLength(CLAIM_BATCH)
    // Let the lease decide nothing: put the claimed rows back.
    await t.db.kysely
      .updateTable('reminders')
      .set({ claimed_at: null })
      .where('claimed_at', 'is not', null)
      .where('sent_at', 'is', null)
      .execute()

    const drain = await time(() => t.app.reminders.poll())
    expect(drain.value).toMatchObject({ claimed: DUE, settled: DUE, sent: 0 })
    console.info(
      `${engine}: idle poll beside ${DUE * 2} rows ${idle.ms.toFixed(1)} ms; one claim of ${CLAIM_BATCH} of ${DUE} due ${claim.ms.toFixed(1)} ms; ` +
        `a poll draining ${DUE} (${Math.ceil(DUE / CLAIM_BATCH)} claims, no channel on) ${drain.ms.toFixed(0)} ms`,
    )
    expect(idle.ms).toBeLessThan(50)
    expect(claim.ms).toBeLessThan(500)
  }, 120_000)
})
