import { describe, expect, it } from 'vitest'
import { AUDIENCE_OIL_RULES } from '#shared/domain/audiences.ts'
import { OIL_SEED } from '#server/db/seed/oils-data.ts'
import { safetyOf } from '#server/db/seed/oil-safety-data.ts'

/** The audience rules name catalog oils and use their cautions: a rule whose oil or caution went missing would silently check nothing. */
describe('audience rules against the catalog', () => {
  it.each(AUDIENCE_OIL_RULES.map((rule) => [rule.oil, rule.caution, rule] as const))(
    '%s has the %s caution its rule uses',
    (_oil, _kind, rule) => {
      const seed = OIL_SEED.find((oil) => oil.name === rule.oil)
      expect(seed, rule.oil).toBeDefined()
      expect(safetyOf(seed!.slug)[rule.caution], `${rule.oil} ${rule.caution}`).not.toBeNull()
    },
  )
})
