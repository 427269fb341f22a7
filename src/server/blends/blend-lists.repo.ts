import { sql, type ExpressionBuilder } from 'kysely'
import type { BlendProject, BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import {
  BLEND_DETAIL_RATINGS,
  RECENT_RATINGS,
  type BlendComparison,
  type BlendCounts,
  type ComparedVersion,
  type BlendDetail,
  type BlendListItem,
  type BlendListPage,
  type RatingPoint,
} from '#shared/api/blend-list.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { searchNeedle, type JournalSort, type JournalTab } from '#shared/domain/journal-list.ts'
import { slotTotal } from '#shared/domain/percentages.ts'
import { averageRating, findVersion } from '#shared/domain/version-compare.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import type { Database } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { flatLayersOf, oilSummary, toProject, toVersion } from '#server/blends/blend-rows.ts'
import { withAccordLinks } from '#server/blends/accord-uses.repo.ts'
import { flattenLayer, type StoredLine } from '#shared/domain/accords.ts'
import { decodeCursor, encodeCursor } from '#server/shared/cursor.ts'

/**
 * What the screens read of the user's blends, filtered, sorted and paged in SQL on both engines:
 * a list page costs the same few queries (no query per row) and reads only its own rows, however
 * many blends the user has. A blend is a project with at least one version; the list shows its
 * latest version (the one added last), and a search that matched only an older version names that
 * version (docs/decisions/037-comparing-versions.md). Every query is scoped by the signed-in user's id.
 */

type Scope = ExpressionBuilder<Database & { p: Database['blend_projects'] }, 'p'>

/** The LIKE pattern of a search: its text anywhere, with % and _ as plain characters. */
function likePattern(needle: string) {
  return sql<string>`${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`
}

/** At least one test entry (docs/product.md §4). */
const hasTest = (eb: Scope, userId: string) =>
  eb.exists(eb.selectFrom('journal_entries as e').select('e.id').where('e.user_id', '=', userId).whereRef('e.project_id', '=', 'p.id'))

/**
 * The user's blends, with their latest version as `v` (the highest id: versions are only ever
 * added, and a restore keeps ids), matching the search (name or any oil of any version).
 */
function blendsOf(ex: Executor, userId: string, q: string | undefined) {
  const needle = searchNeedle(q)
  return ex
    .selectFrom('blend_projects as p')
    .innerJoin('blend_versions as v', (join) =>
      join.onRef('v.project_id', '=', 'p.id').on((eb) =>
        eb(
          'v.id',
          '=',
          eb
            .selectFrom('blend_versions as l')
            .select((l) => l.fn.max('l.id').as('latest'))
            .where('l.user_id', '=', userId)
            .whereRef('l.project_id', '=', 'p.id'),
        ),
      ),
    )
    .where('p.user_id', '=', userId)
    .$if(needle !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('p.name_key', 'like', likePattern(needle)),
          eb.exists(
            eb
              .selectFrom('blend_versions as s')
              .select('s.id')
              .whereRef('s.project_id', '=', 'p.id')
              .where('s.oil_names', 'like', likePattern(needle)),
          ),
        ]),
      ),
    )
}

/**
 * The columns a list item is made of, with the blend's test count and, for a search, the newest
 * version whose oils match (null when the name matched: then every version does). Both are
 * subqueries of the page's one query, so a search costs no extra query.
 */
function itemRows(ex: Executor, userId: string, q: string | undefined) {
  const needle = searchNeedle(q)
  return blendsOf(ex, userId, q).select((eb) => [
    'p.id',
    'p.name',
    'p.number',
    'p.name_sort',
    'p.created_at',
    'p.version_count',
    'v.reference_number',
    'v.top_oils',
    'v.middle_oils',
    'v.base_oils',
    eb
      .selectFrom('journal_entries as e')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('e.user_id', '=', userId)
      .whereRef('e.project_id', '=', 'p.id')
      .as('test_count'),
    needle === ''
      ? sql<string | null>`null`.as('matched_reference')
      : eb
          .case()
          .when('p.name_key', 'like', likePattern(needle))
          .then(sql<string | null>`null`)
          .else(
            eb
              .selectFrom('blend_versions as m')
              .select('m.reference_number')
              .where('m.user_id', '=', userId)
              .whereRef('m.project_id', '=', 'p.id')
              .where('m.oil_names', 'like', likePattern(needle))
              .orderBy('m.id', 'desc')
              .limit(1),
          )
          .end()
          .as('matched_reference'),
  ])
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number]

/** A stored layer as the list shows it: the flattened oils' names (an accord's oils included, decision 072) and its total. */
function layer(json: string) {
  const oils = flattenLayer(JSON.parse(json) as StoredLine[])
  return { names: oils.map((o) => o.name), total: slotTotal(oils) }
}

/** When a test happened, for ordering: its day tested (YYYY-MM-DD, decision 036), else when it was written down. */
const testedAt = sql<string>`coalesce(e.date_tested, e.created_at)`

/** The latest BLEND_DETAIL_RATINGS rated tests of some versions of a blend, latest first, in one query. */
function latestRatedTests(ex: Executor, userId: string, versionIds: number[]) {
  return ex
    .selectFrom('journal_entries as e')
    .select(['e.id', 'e.version_id', 'e.date_made', 'e.date_tested', 'e.rating'])
    .where('e.user_id', '=', userId)
    .where('e.rating', 'is not', null)
    .where('e.version_id', 'in', versionIds)
    .orderBy(testedAt, 'desc')
    .orderBy('e.id', 'desc')
    .limit(BLEND_DETAIL_RATINGS)
    .execute()
}

/**
 * The latest RECENT_RATINGS ratings of each of these blends, oldest first, in one query whatever
 * the page size (a window over the user's entries of these projects, by their index).
 */
async function recentRatings(ex: Executor, userId: string, projectIds: number[]): Promise<Map<number, number[]>> {
  const byProject = new Map<number, number[]>()
  if (projectIds.length === 0) return byProject
  const rows = await ex
    .selectFrom((eb) =>
      eb
        .selectFrom('journal_entries as e')
        .select([
          'e.project_id',
          'e.rating',
          sql<number>`row_number() over (partition by e.project_id order by ${testedAt} desc, e.id desc)`.as('recency'),
        ])
        .where('e.user_id', '=', userId)
        .where('e.project_id', 'in', projectIds)
        .where('e.rating', 'is not', null)
        .as('r'),
    )
    .select(['r.project_id', 'r.rating', 'r.recency'])
    .where('r.recency', '<=', RECENT_RATINGS)
    .orderBy('r.project_id')
    .orderBy('r.recency', 'desc')
    .execute()
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? []
    list.push(Number(row.rating))
    byProject.set(row.project_id, list)
  }
  return byProject
}

/** List items with their recent ratings: the rows' own query, and one more for the ratings of all of them. */
async function toItems(ex: Executor, userId: string, rows: ItemRow[]): Promise<BlendListItem[]> {
  const ratings = await recentRatings(
    ex,
    userId,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toItem(r, ratings.get(r.id) ?? []))
}

function toItem(r: ItemRow, ratings: number[]): BlendListItem {
  const [top, middle, base] = [layer(r.top_oils), layer(r.middle_oils), layer(r.base_oils)]
  const testCount = Number(r.test_count ?? 0)
  return {
    id: r.id,
    name: r.name,
    referenceNumber: r.reference_number,
    createdAt: r.created_at,
    oils: { top: top.names, middle: middle.names, base: base.names },
    topPercentage: top.total,
    middlePercentage: middle.total,
    basePercentage: base.total,
    versionCount: r.version_count,
    testCount,
    tested: testCount > 0,
    recentRatings: ratings,
    // Only when the search found an older version than the one the card shows.
    ...(r.matched_reference && r.matched_reference !== r.reference_number ? { matchedReference: r.matched_reference } : {}),
  }
}

export type BlendPageQuery = { q?: string; sort: JournalSort; status: JournalTab; limit: number; cursor?: string }

/** Cursor tags: a cursor of one order is refused by the other. */
const REFERENCE = 'r'
const NAME = 'n'

/**
 * One page of the user's blends in the chosen order and tab (two queries: the page, the counts).
 * By reference: project number ascending (reference 999a before 1000a; the list shows each
 * project's version a). By name: name_sort (nameSortKey), ties by number. The cursor is the last
 * row's sort key; a malformed one throws a 400.
 */
export async function listBlendPage(ex: Executor, userId: string, query: BlendPageQuery): Promise<BlendListPage> {
  let rows = itemRows(ex, userId, query.q)
  if (query.status === 'tested') rows = rows.where((eb) => hasTest(eb, userId))
  if (query.status === 'untested') rows = rows.where((eb) => eb.not(hasTest(eb, userId)))
  if (query.sort === 'name') {
    if (query.cursor) {
      const [key, number] = decodeCursor(query.cursor, NAME, ['string', 'int'] as const)
      rows = rows.where((eb) => eb(eb.refTuple('p.name_sort', 'p.number'), '>', eb.tuple(key, number)))
    }
    rows = rows.orderBy('p.name_sort').orderBy('p.number')
  } else {
    if (query.cursor) {
      const [number] = decodeCursor(query.cursor, REFERENCE, ['int'] as const)
      rows = rows.where('p.number', '>', number)
    }
    rows = rows.orderBy('p.number')
  }
  const [found, counts] = await Promise.all([rows.limit(query.limit + 1).execute(), blendCounts(ex, userId, query.q)])
  const page = found.slice(0, query.limit)
  const last = page.at(-1)
  const nextCursor =
    found.length > query.limit && last
      ? query.sort === 'name'
        ? encodeCursor(NAME, last.name_sort, last.number)
        : encodeCursor(REFERENCE, last.number)
      : null
  return { items: await toItems(ex, userId, page), nextCursor, counts }
}

/** How many of the user's blends match the search, in all and per tab, in one query. */
export async function blendCounts(ex: Executor, userId: string, q?: string): Promise<BlendCounts> {
  const row = await blendsOf(ex, userId, q)
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number | null>(eb.case().when(hasTest(eb, userId)).then(1).else(0).end()).as('tested'),
    ])
    .executeTakeFirstOrThrow()
  const all = Number(row.all)
  const tested = Number(row.tested ?? 0)
  return { all, tested, untested: all - tested }
}

/** The user's newest blends (highest number first), at most `limit`. */
export async function recentBlends(ex: Executor, userId: string, limit: number): Promise<BlendListItem[]> {
  const rows = await itemRows(ex, userId, undefined).orderBy('p.number', 'desc').limit(limit).execute()
  return toItems(ex, userId, rows)
}

type ProjectRow = {
  id: number
  name: string
  description: string | null
  number: number
  version_count: number
  created_at: string
  copied_from_share: number
}
type VersionRow = Parameters<typeof toVersion>[0]
type RatingRow = { id: number; version_id: number; date_made: string; date_tested: string | null; rating: number | null }
/** A blend's first test entries and where they continue, as the journal reads them. */
export type EntryPage = { entries: BlendDetail['entries']; nextCursor: string | null }

/** GET /api/blends/{id}'s shape from its rows; `ratings` oldest first. */
function toDetail(
  project: ProjectRow,
  versions: VersionRow[],
  tests: Map<number, number>,
  entries: EntryPage,
  ratings: RatingRow[],
): BlendDetail {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    blendNumber: project.number,
    createdAt: project.created_at,
    referenceNumber: versions.find((v) => v.version_letter === 'a')?.reference_number ?? versions[0]!.reference_number,
    versionCount: project.version_count,
    testCount: [...tests.values()].reduce((sum, n) => sum + n, 0),
    versions: versions.map((row) => ({ ...toVersion(row), testCount: tests.get(row.id) ?? 0 })),
    entries: entries.entries,
    entriesNextCursor: entries.nextCursor,
    copiedFromShare: project.copied_from_share === 1,
    ratings: ratings.map((r): RatingPoint => ({
      entryId: r.id,
      versionId: r.version_id,
      dateMade: r.date_made,
      dateTested: r.date_tested,
      rating: Number(r.rating),
    })),
  }
}

/**
 * Several of the user's blends in GET /api/blends/{id}'s shape, in five queries however many
 * (at most BLEND_DETAILS_MAX, decision 039): the device's offline fill of the blends the journal
 * listed. Blends that are not the user's, or gone, are left out; the answer follows `ids`' order.
 * The first test entries are the journal's read, which `entriesOf` makes (one query for all the
 * blends, run beside the four here): blends/blend-details.ts passes it.
 */
export async function getBlendDetails(
  ex: Executor,
  userId: string,
  ids: readonly number[],
  entriesOf: (projectIds: readonly number[]) => Promise<Map<number, EntryPage>>,
): Promise<BlendDetail[]> {
  if (ids.length === 0) return []
  const wanted = [...new Set(ids)]
  const [projects, versions, perVersion, entries, ratings] = await Promise.all([
    ex
      .selectFrom('blend_projects')
      .select(['id', 'name', 'description', 'number', 'created_at', 'version_count', 'copied_from_share'])
      .where('id', 'in', wanted)
      .where('user_id', '=', userId)
      .execute(),
    ex.selectFrom('blend_versions').selectAll().where('project_id', 'in', wanted).where('user_id', '=', userId).orderBy('id').execute(),
    ex
      .selectFrom('journal_entries')
      .select((eb) => ['version_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('project_id', 'in', wanted)
      .groupBy('version_id')
      .execute(),
    entriesOf(wanted),
    ex
      .selectFrom((eb) =>
        eb
          .selectFrom('journal_entries as e')
          .select([
            'e.id',
            'e.project_id',
            'e.version_id',
            'e.date_made',
            'e.date_tested',
            'e.rating',
            sql<number>`row_number() over (partition by e.project_id order by ${testedAt} desc, e.id desc)`.as('recency'),
          ])
          .where('e.user_id', '=', userId)
          .where('e.project_id', 'in', wanted)
          .where('e.rating', 'is not', null)
          .as('r'),
      )
      .selectAll('r')
      .where('r.recency', '<=', BLEND_DETAIL_RATINGS)
      .orderBy('r.project_id')
      .orderBy('r.recency', 'desc')
      .execute(),
  ])
  const tests = new Map(perVersion.map((r) => [r.version_id, Number(r.n)]))
  const byProject = new Map(projects.map((p) => [p.id, p]))
  const details: BlendDetail[] = []
  for (const id of wanted) {
    const project = byProject.get(id)
    const own = versions.filter((v) => v.project_id === id)
    if (!project || own.length === 0) continue
    const ownTests = new Map(own.map((v) => [v.id, tests.get(v.id) ?? 0]))
    details.push(
      toDetail(
        project,
        own,
        ownTests,
        entries.get(id) ?? { entries: [], nextCursor: null },
        ratings.filter((r) => r.project_id === id),
      ),
    )
  }
  // The accords' links (decision 072): one query for every version shown, none when none holds an accord.
  const linked = await withAccordLinks(
    ex,
    userId,
    details.flatMap((d) => d.versions),
  )
  let at = 0
  return details.map((d) => ({ ...d, versions: d.versions.map(() => linked[at++]!) }))
}

/**
 * One of the user's blends in the spec's saved-blend shape (the answer of POST and PATCH
 * /api/blends): its original version's first oil per layer, every oil name of every version and
 * its test count, in three queries. Null when the project is not theirs or has no version.
 */
export async function getSavedBlend(
  ex: Executor,
  userId: string,
  projectId: number,
  oils: Map<number, EssentialOil>,
): Promise<SavedBlend | null> {
  const [row, names, tests] = await Promise.all([
    ex
      .selectFrom('blend_projects as p')
      .innerJoin('blend_versions as v', (join) => join.onRef('v.project_id', '=', 'p.id').on('v.version_letter', '=', 'a'))
      .where('p.user_id', '=', userId)
      .where('p.id', '=', projectId)
      .select([
        'p.id',
        'p.name',
        'p.version_count',
        'p.created_at',
        'v.reference_number',
        'v.top_oils',
        'v.middle_oils',
        'v.base_oils',
        'v.effects',
        'v.formulation_notes',
      ])
      .executeTakeFirst(),
    ex
      .selectFrom('blend_versions')
      .select('oil_names')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    ex
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
  ])
  if (!row) return null
  // The flattened layers (decision 072): a layer that is an accord names the accord's first oil.
  const first = (json: string) => {
    const list = flattenLayer(JSON.parse(json) as StoredLine[])
    return { oil: list[0] ? oilSummary(oils.get(list[0].id)) : null, sum: slotTotal(list) }
  }
  const [top, middle, base] = [first(row.top_oils), first(row.middle_oils), first(row.base_oils)]
  return {
    id: row.id,
    name: row.name,
    topNote: top.oil,
    middleNote: middle.oil,
    baseNote: base.oil,
    topPercentage: top.sum,
    middlePercentage: middle.sum,
    basePercentage: base.sum,
    effects: JSON.parse(row.effects) as Effect[],
    notes: row.formulation_notes,
    createdAt: row.created_at,
    referenceNumber: row.reference_number,
    versionCount: row.version_count,
    testCount: Number(tests.n),
    oilNames: [...new Set(names.flatMap((n) => n.oil_names.split('|')).filter(Boolean))],
  }
}

/**
 * Two versions of one of the user's blends, as the comparison screen shows them (GET
 * /api/blends/{id}/compare): the blend, every version to choose from, the two named by `a` and `b`
 * (id, letter or reference; findVersion) with their test counts and rating summaries, and their
 * rated tests for the chart. Four queries whatever the blend's size, in two rounds (the tests'
 * queries need the versions' ids). Null when the blend is not the user's; `comparison` null when
 * either selector names no version of this blend (another blend's version included): a read's
 * "not there" is data, and the route or tool says which 404 it is.
 */
export async function getComparison(
  ex: Executor,
  userId: string,
  projectId: number,
  selectors: { a: string; b: string },
): Promise<{ comparison: BlendComparison | null } | null> {
  const [project, rows] = await Promise.all([
    ex.selectFrom('blend_projects').select(['id', 'name']).where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst(),
    ex
      .selectFrom('blend_versions')
      .select(['id', 'version_letter', 'reference_number', 'top_oils', 'middle_oils', 'base_oils', 'date_made', 'created_at'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ])
  if (!project || rows.length === 0) return null
  const choices = rows.map((r) => ({ id: r.id, versionLetter: r.version_letter, referenceNumber: r.reference_number }))
  const [a, b] = [findVersion(choices, selectors.a), findVersion(choices, selectors.b)]
  if (!a || !b) return { comparison: null }
  const ids = [...new Set([a.id, b.id])]
  const [stats, rated] = await Promise.all([
    ex
      .selectFrom('journal_entries')
      .select((eb) => [
        'version_id',
        eb.fn.countAll<number>().as('tests'),
        eb.fn.count<number>('rating').as('rated'),
        eb.fn.sum<number | null>('rating').as('stars'),
      ])
      .where('user_id', '=', userId)
      .where('version_id', 'in', ids)
      .groupBy('version_id')
      .execute(),
    latestRatedTests(ex, userId, ids),
  ])
  const side = (choice: { id: number }): ComparedVersion => {
    const row = rows.find((r) => r.id === choice.id)!
    const stat = stats.find((s) => s.version_id === row.id)
    // Rated tests come latest first: the first of this version's is its latest rating.
    const latest = rated.find((r) => r.version_id === row.id)
    return {
      id: row.id,
      versionLetter: row.version_letter,
      referenceNumber: row.reference_number,
      // The flattened composition (decision 072), as every reader compares it.
      ...flatLayersOf(row),
      dateMade: row.date_made,
      createdAt: row.created_at,
      testCount: Number(stat?.tests ?? 0),
      ratedCount: Number(stat?.rated ?? 0),
      latestRating: latest ? Number(latest.rating) : null,
      averageRating: averageRating(Number(stat?.stars ?? 0), Number(stat?.rated ?? 0)),
    }
  }
  const comparison: BlendComparison = {
    blend: { id: project.id, name: project.name },
    choices,
    a: side(a),
    b: side(b),
    ratings: rated.reverse().map((r): RatingPoint => ({
      entryId: r.id,
      versionId: r.version_id,
      dateMade: r.date_made,
      dateTested: r.date_tested,
      rating: Number(r.rating),
    })),
  }
  return { comparison }
}

const PROJECTS = 'p'

/**
 * A page of the user's projects, newest first, each with all its versions (oldest first), in two
 * queries; the cursor is the last project's number.
 */
export async function listProjectPage(
  ex: Executor,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<{ projects: BlendProject[]; nextCursor: string | null }> {
  let rows = ex.selectFrom('blend_projects').select(['id', 'name', 'description', 'number', 'created_at']).where('user_id', '=', userId)
  if (query.cursor) {
    const [number] = decodeCursor(query.cursor, PROJECTS, ['int'] as const)
    rows = rows.where('number', '<', number)
  }
  const found = await rows
    .orderBy('number', 'desc')
    .limit(query.limit + 1)
    .execute()
  const page = found.slice(0, query.limit)
  const versions =
    page.length === 0
      ? []
      : await ex
          .selectFrom('blend_versions')
          .selectAll()
          .where('user_id', '=', userId)
          .where(
            'project_id',
            'in',
            page.map((p) => p.id),
          )
          .orderBy('id')
          .execute()
  const byProject = new Map<number, BlendVersion[]>()
  for (const row of versions) {
    const list = byProject.get(row.project_id)
    if (list) list.push(toVersion(row))
    else byProject.set(row.project_id, [toVersion(row)])
  }
  const last = page.at(-1)
  // The accords' links (decision 072): one query for the page, none when no version holds an accord.
  const linked = await withAccordLinks(ex, userId, [...byProject.values()].flat())
  const linkedById = new Map(linked.map((v) => [v.id, v]))
  return {
    projects: page.map((p) =>
      toProject(
        p,
        (byProject.get(p.id) ?? []).map((v) => linkedById.get(v.id) ?? v),
      ),
    ),
    nextCursor: found.length > query.limit && last ? encodeCursor(PROJECTS, last.number) : null,
  }
}
