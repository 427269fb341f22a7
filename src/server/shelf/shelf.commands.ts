import type { z } from 'zod'
import { NO_ITEMS, NONE_WITH_ITEMS, type BottleDeclaration, type DeclarationBasis, type PutDeclarationSchema } from '#shared/api/labels.ts'
import type { Bottle, CreateBottleSchema, UpdateBottleSchema } from '#shared/api/shelf.ts'
import { toMilli } from '#shared/domain/shelf.ts'
import { defaultBestBefore, openedOnProblem } from '#shared/domain/shelf-life.ts'
import { latestTodayOnEarth } from '#shared/domain/made-date.ts'
import type { Executor } from '#server/db/executor.ts'
import { done, placed, refuse, refuseAt, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import {
  declarationRow as storedDeclaration,
  deleteDeclarationRow,
  insertDeclarations,
  ownBottle,
  toDeclaration,
  upsertDeclaration,
  type DeclarationRow,
} from '#server/shelf/labels.repo.ts'
import { ifraCertificateRefusal, ifraCertificateRow, type IfraCertificateRules } from '#server/shelf/ifra.commands.ts'
import { insertIfraCertificates, type IfraCertificateRow } from '#server/shelf/ifra.repo.ts'
import {
  declaredCount,
  deleteBottleRows,
  densityOf,
  getBottle,
  insertBottle,
  shelfLifeSlug,
  toBottle,
  updateBottleRow,
  type NewBottleRow,
  type Oils,
} from '#server/shelf/shelf.repo.ts'

/**
 * The shelf's commands (docs/product.md "The oil shelf" and "Allergen labels"; issue 33): the only
 * code that writes `shelf_bottles` and `bottle_declarations` (`bottle_ifra_certificates` is
 * ifra.commands.ts's; an import's certificates are stored here through its row mapping). Each applies the rules of its write
 * and answers an Outcome: the value, or a refusal whose places are relative ('remaining',
 * 'items'), for the route to put under 'body' and the importer under the record's place. The
 * caller runs each in its transaction; a refusal writes nothing.
 */

type CreateInput = z.output<typeof CreateBottleSchema>
type UpdateInput = z.output<typeof UpdateBottleSchema>
type DeclarationInput = z.output<typeof PutDeclarationSchema>

export const OVER_SIZE = 'The amount left cannot be more than the bottle holds'
const bottleNotFound = () => refuse('NOT_FOUND', 'Bottle not found')

/** A bottle is of a catalog oil. */
export function oilRefusal(oils: Oils, oilId: number): Refusal | null {
  return oils.has(oilId) ? null : refuseAt('VALIDATION_ERROR', 'oilId', `No oil in the catalog has id ${oilId}`)
}

/** What is left is never more than the size (compared as stored: in thousandths of the unit). */
export function overSizeRefusal(size: number, remainingMilli: number): Refusal | null {
  return remainingMilli > toMilli(size) ? refuseAt('VALIDATION_ERROR', 'remaining', OVER_SIZE) : null
}

/**
 * An opened day is not after today (anywhere on Earth, as a made day, decision 052) nor before the
 * purchase (docs/product.md "Lots and expiry"). The API's schema says it too; a file and a tool are held here.
 */
export function openedOnRefusal(openedOn: string | null | undefined, purchasedOn: string | null): Refusal | null {
  if (!openedOn) return null
  const problem = openedOnProblem(openedOn, purchasedOn, latestTodayOnEarth())
  return problem ? refuseAt('VALIDATION_ERROR', 'openedOn', problem) : null
}

/**
 * The best-before a new bottle gets when the maker gives none (absent, not null): its oil's shelf
 * life (an own ingredient's base oil's) from the purchase day, or the day it is added.
 */
export function bestBeforeOf(input: Pick<CreateInput, 'bestBefore' | 'purchasedOn' | 'oilId'>, oils: Oils, now: string): string | null {
  if (input.bestBefore !== undefined) return input.bestBefore
  return defaultBestBefore(shelfLifeSlug(oils, input.oilId), input.purchasedOn ?? now.slice(0, 10))
}

type BottleRowInput = Omit<CreateInput, 'bestBefore' | 'openedOn'> & { bestBefore: string | null; openedOn: string | null }

/** A new bottle's row, full when what is left is not given. */
export function bottleRow(userId: string, input: BottleRowInput, now: string): NewBottleRow {
  return {
    user_id: userId,
    oil_id: input.oilId,
    unit: input.unit,
    size: input.size,
    remaining_milli: toMilli(input.remaining ?? input.size),
    price: input.price,
    supplier: input.supplier || null,
    lot_code: input.lotCode || null,
    purchased_on: input.purchasedOn,
    opened_on: input.openedOn,
    best_before: input.bestBefore,
    created_at: now,
    updated_at: now,
  }
}

/** Adds a bottle to the user's shelf. */
export async function addBottle(ex: Executor, userId: string, input: CreateInput, oils: Oils): Promise<Outcome<Bottle>> {
  const refused =
    oilRefusal(oils, input.oilId) ??
    overSizeRefusal(input.size, toMilli(input.remaining ?? input.size)) ??
    openedOnRefusal(input.openedOn, input.purchasedOn)
  if (refused) return refused
  const now = new Date().toISOString()
  const row = bottleRow(userId, { ...input, openedOn: input.openedOn ?? null, bestBefore: bestBeforeOf(input, oils, now) }, now)
  return done(toBottle(await insertBottle(ex, row), oils, null))
}

/**
 * Changes the fields sent. A new unit re-labels the numbers (a bottle entered in mL that was
 * really grams); the amount left may not end above the size.
 */
export async function changeBottle(ex: Executor, userId: string, id: number, input: UpdateInput, oils: Oils): Promise<Outcome<Bottle>> {
  const current = await getBottle(ex, userId, id)
  if (!current) return bottleNotFound()
  const size = input.size ?? current.size
  const remainingMilli = input.remaining !== undefined ? toMilli(input.remaining) : Number(current.remaining_milli)
  const refused =
    overSizeRefusal(size, remainingMilli) ??
    openedOnRefusal(
      input.openedOn !== undefined ? input.openedOn : current.opened_on,
      input.purchasedOn !== undefined ? input.purchasedOn : current.purchased_on,
    )
  if (refused) return refused
  const bottle = await updateBottleRow(ex, userId, id, {
    unit: input.unit ?? current.unit,
    size,
    remaining_milli: remainingMilli,
    ...(input.price !== undefined ? { price: input.price } : {}),
    ...(input.supplier !== undefined ? { supplier: input.supplier || null } : {}),
    ...(input.lotCode !== undefined ? { lot_code: input.lotCode || null } : {}),
    ...(input.purchasedOn !== undefined ? { purchased_on: input.purchasedOn } : {}),
    ...(input.openedOn !== undefined ? { opened_on: input.openedOn } : {}),
    ...(input.bestBefore !== undefined ? { best_before: input.bestBefore } : {}),
    updated_at: new Date().toISOString(),
  })
  if (!bottle) return bottleNotFound()
  return done(toBottle(bottle, oils, await declaredCount(ex, userId, id)))
}

/** Deletes one of the user's bottles with its declaration. Batches keep their record (decision 026). */
export async function removeBottle(ex: Executor, userId: string, id: number): Promise<Outcome<void>> {
  return (await deleteBottleRows(ex, userId, id)) > 0 ? done(undefined) : bottleNotFound()
}

/** The most a w/v declaration can total: 100 mL of the oil weighs 100 x density grams. */
export const maxWeightByVolume = (densityGPerMl: number) => 100 * densityGPerMl
/** Tolerance for sums of decimals typed by hand (0.1 + 0.2 is not 0.3 in binary), as the schema's. */
const SUM_TOLERANCE = 1e-9

type DeclarationRules = {
  basis: DeclarationBasis
  items: readonly { entryId: string; percent: number; upTo?: true | undefined }[]
  declaresNone?: boolean | undefined
}

/**
 * A declaration's rules (docs/product.md "Declarations"): at least one allergen, or none declared
 * and none listed; each entry once; a total of at most 100; a w/v one at most 100 x the oil's
 * density. The API's schema says the first three too; an import file is held to all of them here.
 */
export function declarationRefusal(declaration: DeclarationRules, densityGPerMl: number): Refusal | null {
  const { items } = declaration
  if (declaration.declaresNone === true && items.length > 0) {
    return refuseAt('VALIDATION_ERROR', 'items', NONE_WITH_ITEMS)
  }
  if (declaration.declaresNone !== true && items.length === 0) {
    return refuseAt('VALIDATION_ERROR', 'items', NO_ITEMS)
  }
  if (new Set(items.map((i) => i.entryId)).size !== items.length)
    return refuseAt('VALIDATION_ERROR', 'items', 'Each allergen is listed once')
  const total = items.reduce((sum, i) => sum + i.percent, 0)
  if (total > 100 + SUM_TOLERANCE) return refuseAt('VALIDATION_ERROR', 'items', 'The percentages total at most 100')
  const max = maxWeightByVolume(densityGPerMl)
  if (declaration.basis === 'w/v' && total > max + SUM_TOLERANCE) {
    return refuseAt(
      'VALIDATION_ERROR',
      'items',
      `A w/v declaration of this oil totals at most ${Math.round(max * 100) / 100} g per 100 mL (100 times its density)`,
    )
  }
  return null
}

/** A declaration's row as stored: a limit's figure keeps its upTo mark, nothing else. */
export function declarationRow(bottleId: number, userId: string, declaration: DeclarationRules, updatedAt: string): DeclarationRow {
  return {
    bottle_id: bottleId,
    user_id: userId,
    basis: declaration.basis,
    items: JSON.stringify(
      declaration.items.map((i) =>
        i.upTo ? { entryId: i.entryId, percent: i.percent, upTo: true } : { entryId: i.entryId, percent: i.percent },
      ),
    ),
    item_count: declaration.items.length,
    declares_none: declaration.declaresNone === true ? 1 : 0,
    updated_at: updatedAt,
  }
}

/** The bottle's declaration: null when it has none. */
export async function readDeclaration(ex: Executor, userId: string, bottleId: number): Promise<Outcome<BottleDeclaration | null>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  const row = await storedDeclaration(ex, userId, bottleId)
  return done(row ? toDeclaration(row) : null)
}

/** Replaces the bottle's declaration with the one given. */
export async function putDeclaration(
  ex: Executor,
  userId: string,
  bottleId: number,
  input: DeclarationInput,
  oils: Oils,
): Promise<Outcome<BottleDeclaration>> {
  const bottle = await ownBottle(ex, userId, bottleId)
  if (!bottle) return bottleNotFound()
  const refused = declarationRefusal(input, densityOf(oils, bottle.oil_id))
  if (refused) return refused
  const saved = await upsertDeclaration(ex, declarationRow(bottleId, userId, input, new Date().toISOString()))
  return done(toDeclaration(saved))
}

/** Removes the bottle's declaration (if it has one). */
export async function removeDeclaration(ex: Executor, userId: string, bottleId: number): Promise<Outcome<void>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  await deleteDeclarationRow(ex, userId, bottleId)
  return done(undefined)
}

/** A bottle as an import file has it (what is left already net of its batches), with its declaration and its place in the file. */
export type ImportedBottle = {
  /** Where it is in the file: 'shelf[3]'. */
  source: string
  oilId: number
  unit: 'mL' | 'g'
  size: number
  remaining: number
  price: number | null
  supplier: string | null
  lotCode: string | null
  purchasedOn: string | null
  /** As the file has them (version 6); an older file's bottles have none, never a guessed one. */
  openedOn: string | null
  bestBefore: string | null
  createdAt: string
  updatedAt: string
  declaration?: (DeclarationRules & { items: { entryId: string; percent: number; upTo?: true }[]; updatedAt: string }) | null | undefined
  /** Its IFRA certificate (decision 070). */
  ifraCertificate?: (IfraCertificateRules & { updatedAt: string }) | null | undefined
}

/**
 * The rules an imported bottle is held to, as the API holds a new one and its declaration: a
 * catalog oil, what is left within the size (the file's figure may round half a thousandth over,
 * as it was stored in thousandths), and the declaration's rules. The places are the file's.
 */
export function importedBottleRefusal(bottle: ImportedBottle, oils: Oils): Refusal | null {
  const refused =
    oilRefusal(oils, bottle.oilId) ??
    (bottle.remaining > bottle.size + 0.0005 ? refuseAt('VALIDATION_ERROR', 'remaining', OVER_SIZE) : null) ??
    openedOnRefusal(bottle.openedOn, bottle.purchasedOn) ??
    (bottle.declaration ? placedOrNull(declarationRefusal(bottle.declaration, densityOf(oils, bottle.oilId)), 'declaration') : null) ??
    (bottle.ifraCertificate ? placedOrNull(ifraCertificateRefusal(bottle.ifraCertificate), 'ifraCertificate') : null)
  return refused ? placed(refused, bottle.source) : null
}

const placedOrNull = (refusal: Refusal | null, prefix: string) => (refusal ? placed(refusal, prefix) : null)

/**
 * Stores an import's bottles as the file had them, with their declarations, in the caller's
 * transaction: each through the rules and the row mapping of a bottle added here (the first
 * refusal stores nothing and names the bottle's place). Answers the new bottle ids in the order given.
 */
export async function addImportedBottles(
  ex: Executor,
  userId: string,
  bottles: readonly ImportedBottle[],
  oils: Oils,
  pause: () => Promise<void> | undefined,
): Promise<Outcome<number[]>> {
  for (const b of bottles) {
    const refused = importedBottleRefusal(b, oils)
    if (refused) return refused
  }
  const ids: number[] = []
  const declarations: DeclarationRow[] = []
  const certificates: IfraCertificateRow[] = []
  // One insert per bottle: neither engine promises RETURNING rows in the order of a multi-row VALUES.
  for (const b of bottles) {
    await pause()
    const row = await insertBottle(ex, { ...bottleRow(userId, b, b.createdAt), updated_at: b.updatedAt })
    ids.push(row.id)
    if (b.declaration) declarations.push(declarationRow(row.id, userId, b.declaration, b.declaration.updatedAt))
    if (b.ifraCertificate) certificates.push(ifraCertificateRow(row.id, userId, b.ifraCertificate, b.ifraCertificate.updatedAt))
  }
  for (let i = 0; i < declarations.length; i += IMPORT_CHUNK) await insertDeclarations(ex, declarations.slice(i, i + IMPORT_CHUNK))
  for (let i = 0; i < certificates.length; i += IMPORT_CHUNK) await insertIfraCertificates(ex, certificates.slice(i, i + IMPORT_CHUNK))
  return done(ids)
}

/** Rows per statement of an import: well under either engine's limit on bound parameters. */
const IMPORT_CHUNK = 200

/**
 * Prices in a file are in its currency: importing priced bottles or costed batches into an account
 * with another currency would relabel them, so it is refused (decision 025: no conversion).
 */
export function currencyRefusal(accountCurrency: string | null, fileCurrency: string | null, priced: boolean): Refusal | null {
  if (!accountCurrency || !fileCurrency || accountCurrency === fileCurrency || !priced) return null
  return refuse(
    'CURRENCY_MISMATCH',
    `This file's prices are in ${fileCurrency} and your account uses ${accountCurrency}. Change your currency to ${fileCurrency} in settings to import it: Accord does not convert prices.`,
    [{ path: 'settings.currency', message: `Expected ${accountCurrency}` }],
  )
}
