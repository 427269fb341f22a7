import { describe, expect, it } from 'vitest'
import { LABEL_NOTICE } from '#shared/api/labels.ts'
import { ApiError } from '#client/lib/api-error.ts'
import {
  formatLabelPercent,
  LABEL_NOTICE_TEXT,
  optionFieldErrors,
  requestOptionsOfLabel,
} from '#client/features/labels/lib/label-format.ts'

describe("the label screen's words", () => {
  it('says the notice the API carries, word for word (the screen shows it without loading the contract)', () => {
    expect(LABEL_NOTICE_TEXT).toBe(LABEL_NOTICE)
  })

  it('prints percentages of the product to three significant figures', () => {
    expect(formatLabelPercent(0.6)).toBe('0.6 %')
    expect(formatLabelPercent(0.39712)).toBe('0.397 %')
    expect(formatLabelPercent(0.00051234)).toBe('0.000512 %')
  })

  it('maps a refusal onto the fields it names, and keeps the rest as the message', () => {
    const refused = new ApiError(400, 'VALIDATION_ERROR', 'body.base: too much', [
      { path: 'body.base', message: 'The base and the essential oils total at most 100%' },
      { path: 'body.base.1.percent', message: 'The percentage must be greater than 0' },
      { path: 'productType', message: 'Choose a cosmetic product type' },
      { path: 'body.other', message: 'ignored' },
    ])
    expect(optionFieldErrors(refused)).toEqual({
      fields: {
        base: 'The base and the essential oils total at most 100%',
        'base.1.percent': 'The percentage must be greater than 0',
        productType: 'Choose a cosmetic product type',
      },
      message: 'Please check the fields marked below.',
    })
    expect(optionFieldErrors(new ApiError(404, 'NOT_FOUND', 'Batch not found'))).toEqual({ fields: {}, message: 'Batch not found' })
  })

  it("takes a saved label's options from its base ingredients", () => {
    expect(requestOptionsOfLabel(null)).toEqual({ fragranceAs: 'inci', base: [] })
  })
})
