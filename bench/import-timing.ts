// The 100,000-row import, timed alone: the built server (dist/server/main.js, a fresh database),
// one new account, one spreadsheet of ROWS blends sent to `POST /api/import/csv` over HTTP; prints
// the seconds the import request took. Issue 33 keeps it within 20 % of the code before the
// commands (decision 061): build and run this file in both trees in turn, so the machine's drift
// falls on both, and compare the medians (docs/quality.md).
//
//   npm run build && tsx bench/import-timing.ts [sqlite|postgres] [rows]   (postgres: TEST_DATABASE_URL)
import { signUpBenchUser } from './api.ts'
import { cleanupAll, createPostgresSchema, startAccord } from './servers.ts'

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite'
const rows = Number(process.argv[3] ?? 100_000)
const csv = [
  'Name,Top,Top %,Middle,Middle %,Base,Base %,Notes',
  ...Array.from({ length: rows }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20,Notes ${i}`),
].join('\n')

try {
  const schema = engine === 'postgres' ? await createPostgresSchema(process.env.TEST_DATABASE_URL ?? '') : null
  const server = await startAccord({ databaseUrl: schema?.url })
  const maker = await signUpBenchUser(server.baseUrl)
  const started = performance.now()
  const res = await fetch(`${server.baseUrl}/api/import/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${maker.token}`, 'content-type': 'text/csv' },
    body: csv,
  })
  const body = await res.text()
  const seconds = (performance.now() - started) / 1000
  if (res.status !== 201) throw new Error(`import answered ${res.status}: ${body.slice(0, 300)}`)
  console.log(`${engine} ${rows} rows imported in ${seconds.toFixed(2)} s`)
  await server.stop()
  await schema?.drop()
} finally {
  await cleanupAll()
}
