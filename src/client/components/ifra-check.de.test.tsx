import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { IfraPanel, IfraResult } from '#client/components/ifra-check.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { ifraCheck } from '#client/testing/ifra-fixtures.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'

/** The IFRA check's category names and figures in German (decision 103): no English category name left. */
describe('the IFRA check in German', () => {
  signInEachTest()
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('names the category in German and writes its percentages as German does', async () => {
    await activateLanguage('de')
    render(<IfraResult check={ifraCheck()} />)
    expect(
      screen.getByText('Kategorie 5A: Körperlotionen, mit den Händen (Handflächen) auf den Körper aufgetragen, überwiegend ohne Abspülen.'),
    ).toBeInTheDocument()
    expect(screen.getByTestId('ifra-maximum').textContent).toContain('Höchstens 1\u00a0% der Mischung')
    expect(screen.getByRole('alert').textContent).toContain('2\u00a0%')
    expect(screen.queryByText(/Body lotion products|applied to the body|primarily leave-on/)).toBeNull()
    expect(document.body.textContent).not.toMatch(/\d%/)
  })

  it('offers the categories to choose from in German when the product type maps to none', async () => {
    await activateLanguage('de')
    fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'POST /api/ifra/check': json(ifraCheck()) })
    renderSignedIn(<IfraPanel batch={{ versionId: 12, productType: 'leave-on', weight: 100, unit: 'g', oilPercentage: 2 }} />)
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(options).toContain('1: Produkte, die auf die Lippen aufgetragen werden')
    expect(options).toContain('10B: Aerosol- und Sprühprodukte für den Haushalt')
    expect(options.filter((text) => /Products|products/.test(text ?? ''))).toEqual([])
  })
})
