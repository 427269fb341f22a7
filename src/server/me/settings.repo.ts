import type { LabelSettings } from '#shared/api/labels.ts'
import type { UpdateUserSettings, UserSettings } from '#shared/api/shelf.ts'
import { languageOf } from '#shared/i18n/languages.ts'
import { DEFAULT_BATCH_CODE_PATTERN, batchCodePatternProblem } from '#shared/domain/batch-code.ts'
import { DEFAULT_TIME_ZONE } from '#shared/domain/ready-to-test.ts'
import type { Executor } from '#server/db/executor.ts'

/** The user's settings (migration 0013): a row is made the first time they choose something. */

export async function getSettings(ex: Executor, userId: string): Promise<UserSettings> {
  const row = await ex.selectFrom('user_settings').select(['currency', 'language']).where('user_id', '=', userId).executeTakeFirst()
  return { currency: row?.currency ?? null, language: languageOf(row?.language) }
}

/**
 * PUT /api/me/settings: each setting sent is changed (the currency, the language of decision 088),
 * one not sent stays; a null language forgets the choice (the browser's languages decide again).
 * Prices are numbers in the currency: changing it converts nothing (decision 025). The import
 * sets the currency through it too.
 */
export async function updateSettings(ex: Executor, userId: string, input: UpdateUserSettings): Promise<UserSettings> {
  const now = new Date().toISOString()
  const values = {
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
    updated_at: now,
  }
  await ex
    .insertInto('user_settings')
    .values({ user_id: userId, currency: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
  return getSettings(ex, userId)
}

/** The settings an export carries (the currency, the language (decision 093) and the reminders, decision 038), in one query. */
export async function getExportSettings(ex: Executor, userId: string) {
  const row = await ex
    .selectFrom('user_settings')
    .select([
      'currency',
      'language',
      'remind_by_email',
      'remind_by_push',
      'time_zone',
      'batch_code_pattern',
      'responsible_name',
      'responsible_address',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    currency: row?.currency ?? null,
    language: languageOf(row?.language),
    labels: {
      batchCodePattern: row?.batch_code_pattern ?? null,
      responsibleName: row?.responsible_name ?? null,
      responsibleAddress: row?.responsible_address ?? null,
    },
    reminders: { email: row?.remind_by_email === 1, push: row?.remind_by_push === 1, timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE },
  }
}

/** What every label carries from the account (migration 0022, decision 050): the pattern of batch codes and the responsible person. */
export async function getLabelSettings(ex: Executor, userId: string): Promise<LabelSettings> {
  const row = await ex
    .selectFrom('user_settings')
    .select(['batch_code_pattern', 'responsible_name', 'responsible_address'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return {
    batchCodePattern: row?.batch_code_pattern ?? DEFAULT_BATCH_CODE_PATTERN,
    responsibleName: row?.responsible_name ?? null,
    responsibleAddress: row?.responsible_address ?? null,
  }
}

/** Replaces the label settings; a pattern equal to the default is stored as null (the default). */
export async function setLabelSettings(ex: Executor, userId: string, input: LabelSettings): Promise<LabelSettings> {
  const now = new Date().toISOString()
  const values = {
    batch_code_pattern: input.batchCodePattern === DEFAULT_BATCH_CODE_PATTERN ? null : input.batchCodePattern,
    responsible_name: input.responsibleName,
    responsible_address: input.responsibleAddress,
    updated_at: now,
  }
  await ex
    .insertInto('user_settings')
    .values({ user_id: userId, currency: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
  return getLabelSettings(ex, userId)
}

/** An import's label settings: each one the account has not set is taken from the file; nothing set is replaced. */
export async function adoptLabelSettings(
  ex: Executor,
  userId: string,
  file: { batchCodePattern: string | null; responsibleName: string | null; responsibleAddress: string | null },
): Promise<void> {
  const row = await ex
    .selectFrom('user_settings')
    .select(['batch_code_pattern', 'responsible_name', 'responsible_address'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const pattern = file.batchCodePattern !== null && batchCodePatternProblem(file.batchCodePattern) === null ? file.batchCodePattern : null
  const values = {
    batch_code_pattern: row?.batch_code_pattern ?? pattern,
    responsible_name: row?.responsible_name ?? (file.responsibleName?.trim() || null),
    responsible_address: row?.responsible_address ?? (file.responsibleAddress?.trim() || null),
    updated_at: new Date().toISOString(),
  }
  await ex
    .insertInto('user_settings')
    .values({ user_id: userId, currency: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
}
