import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { AUDIENCE_IDS, AUDIENCE_LABELS } from '#shared/domain/audience-ids.ts'
import { audienceById, audienceTotalText, checkSafetyFor, effectiveMaximum, type MaximumOil } from '#shared/domain/audiences.ts'
import { IFRA_CATEGORIES, IFRA_CATEGORY_NAMES } from '#shared/domain/ifra.ts'
import {
  dermalLimits,
  infeasibleMessage,
  limitText as complianceLimit,
  LIMIT_KIND_LABELS,
  type OilLimit,
} from '#shared/domain/compliance.ts'
import {
  CAUTION_LABELS,
  NO_MAXIMUM_ON_FILE,
  NO_WARNINGS,
  NOTHING_ON_FILE,
  SAFETY_SCOPE,
  checkSafety,
  type SafetyFacts,
  type SafetyOil,
  type SafetyReport,
} from '#shared/domain/safety.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import {
  audienceLabel,
  audienceTotalSentence,
  cautionLabel,
  cautionText,
  complianceInfeasibleText,
  complianceLimitText,
  complianceNotCheckedText,
  complianceProposalText,
  complianceWithinText,
  ifraCategoryName,
  infeasibleText,
  limitKindLabel,
  maximaHeading,
  maximumReason,
  noMaximumOnFileText,
  noWarningsText,
  safetyWordsReady,
  scopeText,
  uncheckedText,
  unknownDermalText,
  warningText,
} from '#client/lib/safety-words.ts'
import { shownPercent } from '#client/lib/number-words.ts'

/** German and French write a no-break space before the percent sign. */
const nb = (text: string) => text.replace(/ %/g, '\u00a0%')
const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values)

const facts = (fields: Partial<SafetyFacts>): SafetyFacts => ({ ...NOTHING_ON_FILE, ...fields })
const BERGAMOT = facts({
  maxLeaveOnPercent: 0.4,
  phototoxic: true,
  source: 'Tisserand & Young 2014, quoted by Diffuser Blends [DB]',
  oxidation: { text: 'Do not use old or oxidised oil.', source: 'Tisserand & Young 2014, quoted by Monash Natural Blends [MN]' },
})
const MYRRH = facts({
  pregnancy: {
    text: 'Avoid in pregnancy: β-elemene crosses the placenta and inhibits the growth of new blood vessels.',
    source: 'Tisserand, quoted by The Healing Place Farm [HPF]',
  },
})
const CLOVE = facts({
  maxLeaveOnPercent: 0.5,
  source: 'Tisserand & Young, quoted by WikiWel [WW-C]',
  children: { text: 'No use on the skin of children aged 2 or younger.', source: 'Tisserand & Young, quoted by WikiWel [WW-C]' },
})
const oils: SafetyOil[] = [
  { name: 'Bergamot', productPercentage: 1.25, safety: BERGAMOT },
  { name: 'Frankincense', productPercentage: 0.5, safety: null },
]

/** Every sentence a report holds, as the domain writes it and as the client composes it. */
function sentences(report: SafetyReport) {
  const audience = report.audience ? audienceById(report.audience.id)! : null
  return {
    domain: [
      report.scope,
      ...report.warnings.map((w) => w.message),
      ...report.unchecked.map((u) => u.message),
      ...report.cautions.map((c) => c.message),
      ...(report.audience ? [report.audience.totalText, ...report.audience.maxima.map((m) => m.reason)] : []),
    ],
    client: [
      scopeText(t, report.use),
      ...report.warnings.map((w) => warningText(t, w, audience)),
      ...report.unchecked.map((u) => uncheckedText(t, u)),
      ...report.cautions.map((c) => cautionText(t, c)),
      ...(report.audience && audience
        ? [audienceTotalSentence(t, audience), ...report.audience.maxima.map((m) => maximumReason(t, report.use, audience, m))]
        : []),
    ],
  }
}

const REPORTS = () => [
  checkSafety('leave-on', oils),
  checkSafety('rinse-off', oils),
  checkSafety('home', oils),
  ...AUDIENCE_IDS.map((audience) =>
    checkSafetyFor(
      'leave-on',
      [...oils, { name: 'Myrrh', productPercentage: 0.2, safety: MYRRH }, { name: 'Clove Bud', productPercentage: 0.3, safety: CLOVE }],
      audience,
    ),
  ),
]

describe('the safety sentences in the maker’s language (decision 103)', () => {
  beforeAll(async () => {
    await safetyWordsReady
  })
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('says every sentence in English word for word as the shared domain does', () => {
    for (const report of REPORTS()) {
      const { domain, client } = sentences(report)
      expect(client).toEqual(domain)
    }
    // Each kind of warning was among them.
    const kinds = new Set(REPORTS().flatMap((r) => r.warnings.map((w) => w.kind)))
    expect([...kinds].sort()).toEqual(['audience-caution', 'avoid-for-audience', 'over-audience-total', 'over-limit', 'phototoxic'])
    expect(noWarningsText(t)).toBe(NO_WARNINGS)
    expect(noMaximumOnFileText(t)).toBe(NO_MAXIMUM_ON_FILE)
    for (const kind of ['children', 'pregnancy', 'oxidation'] as const) expect(cautionLabel(t, kind)).toBe(CAUTION_LABELS[kind])
    for (const id of AUDIENCE_IDS) {
      expect(audienceLabel(t, id)).toBe(AUDIENCE_LABELS[id])
      expect(audienceTotalSentence(t, audienceById(id)!)).toBe(audienceTotalText(audienceById(id)!))
    }
    for (const c of IFRA_CATEGORIES) expect(ifraCategoryName(t, c)).toBe(IFRA_CATEGORY_NAMES[c])
    for (const use of ['leave-on', 'rinse-off', 'home'] as const) expect(scopeText(t, use)).toBe(SAFETY_SCOPE[use])
  })

  it('says the reasons of the maxima for other uses and the compliance findings word for word in English', () => {
    const clove: MaximumOil = { name: 'Clove Bud', safety: CLOVE }
    for (const use of ['rinse-off', 'home'] as const) {
      const max = effectiveMaximum(use, 'adults', clove)
      expect(maximumReason(t, use, audienceById('adults')!, max)).toBe(max.reason)
    }
    const limit: OilLimit = { oilId: 1, name: 'Bergamot', kind: 'dermal', maxPercent: 0.4, source: 'DB' }
    for (const kind of ['dermal', 'ifra', 'audience'] as const) {
      expect(limitKindLabel(t, kind)).toBe(LIMIT_KIND_LABELS[kind])
      expect(complianceLimitText(t, { ...limit, kind })).toBe(complianceLimit({ ...limit, kind }))
    }
    for (const highest of [null, { percentage: 0, limit }, { percentage: 12.5, limit }]) {
      expect(infeasibleText(t, highest)).toBe(infeasibleMessage(highest))
    }
    const unknown = dermalLimits('lotion', [{ id: 2, name: 'Frankincense', safety: null }]).unknown[0]!
    expect(unknownDermalText(t, unknown.name)).toBe(unknown.message)
  })

  it('says them in German, with no English left and percentages as German writes them', async () => {
    await activateLanguage('de')
    const report = checkSafety('leave-on', oils)
    const [overLimit, phototoxic] = report.warnings
    expect(warningText(t, overLimit!)).toBe(
      nb(
        'Bergamotte macht 1,25 % des fertigen Produkts aus, mehr als sein Höchstwert ohne Abspülen von 0,4 % (Tisserand & Young 2014, quoted by Diffuser Blends [DB]). Senken Sie den Ölanteil oder den Anteil von Bergamotte.',
      ),
    )
    expect(warningText(t, phototoxic!)).toMatch(
      /^Bergamotte ist phototoxisch \(1,25\s% des fertigen Produkts; Höchstwert ohne Abspülen 0,4\s%; /,
    )
    expect(uncheckedText(t, report.unchecked[0]!)).toBe(
      nb(
        'Kein veröffentlichter Höchstwert für Weihrauch hinterlegt, daher konnte sein Anteil von 0,5 % am fertigen Produkt nicht geprüft werden.',
      ),
    )
    expect(cautionText(t, report.cautions[0]!)).toBe(
      'Kein altes oder oxidiertes Öl verwenden. (Tisserand & Young 2014, quoted by Monash Natural Blends [MN])',
    )
    expect(scopeText(t, 'rinse-off')).toMatch(/^Produkt zum Abspülen: /)
    expect(noWarningsText(t)).toBe('Keine Sicherheitswarnungen für diese Mischung bei diesem Anteil.')
    expect(cautionLabel(t, 'pregnancy')).toBe('Schwangerschaft')
    expect(audienceLabel(t, 'child-2-6-years')).toBe('Kinder 2-6 Jahre')
    expect(audienceTotalSentence(t, audienceById('child-2-6-years')!)).toBe(
      nb('Kinder 2-6 Jahre: höchstens 2 % ätherisches Öl insgesamt (1 % empfohlen) (Robert Tisserand, quoted by Thrive Style [TS]).'),
    )
    expect(ifraCategoryName(t, '5A')).toBe(
      'Körperlotionen, mit den Händen (Handflächen) auf den Körper aufgetragen, überwiegend ohne Abspülen',
    )
    const limit: OilLimit = { oilId: 1, name: 'Bergamot', kind: 'ifra', maxPercent: 0.4, source: 'Lot B12' }
    expect(complianceLimitText(t, limit)).toBe(nb('Bergamotte: IFRA-Grenzwert 0,4 % (Lot B12)'))
    expect(infeasibleText(t, { percentage: 12.5, limit })).toMatch(
      /Bei 12,5\s% des Produkts hält die Mischung, so wie sie ist, jeden Grenzwert ein \(Bergamotte bestimmt ihn\)\.$/,
    )
    for (const report of REPORTS()) {
      const { domain, client } = sentences(report)
      client.forEach((sentence, i) => expect(sentence, domain[i]).not.toBe(domain[i]))
    }
  })

  it('says the audience warnings in German and French, the caution’s text translated and its source kept', async () => {
    const report = checkSafetyFor(
      'leave-on',
      [
        { name: 'Myrrh', productPercentage: 3, safety: MYRRH },
        { name: 'Clove Bud', productPercentage: 0.4, safety: CLOVE },
      ],
      'child-2-6-years',
    )
    const pregnancy = checkSafetyFor('leave-on', [{ name: 'Myrrh', productPercentage: 0.5, safety: MYRRH }], 'pregnancy')
    const premature = checkSafetyFor('leave-on', [{ name: 'Myrrh', productPercentage: 0.5, safety: MYRRH }], 'child-premature')
    const byKind = (r: SafetyReport, kind: string) => r.warnings.find((w) => w.kind === kind)!

    await activateLanguage('de')
    expect(warningText(t, byKind(report, 'over-audience-total'), audienceById('child-2-6-years'))).toBe(
      nb(
        'Die Mischung macht 3,4 % des fertigen Produkts aus, mehr als das Höchste für Kinder von 2-6 Jahren: 2 % insgesamt (Robert Tisserand, quoted by Thrive Style [TS]). Senken Sie den Ölanteil auf 2 % oder weniger.',
      ),
    )
    expect(warningText(t, byKind(report, 'audience-caution'), audienceById('child-2-6-years'))).toBe(
      'Kinder 2-6 Jahre: Nelkenknospe. Nicht auf der Haut von Kindern bis einschließlich 2 Jahren verwenden. (Tisserand & Young, quoted by WikiWel [WW-C])',
    )
    expect(warningText(t, byKind(pregnancy, 'avoid-for-audience'), audienceById('pregnancy'))).toBe(
      nb(
        'Schwangerschaft: Myrrhe nicht verwenden (0,5 % des fertigen Produkts). In der Schwangerschaft meiden: β-Elemen passiert die Plazenta und hemmt die Bildung neuer Blutgefäße. (Tisserand, quoted by The Healing Place Farm [HPF])',
      ),
    )
    expect(warningText(t, byKind(premature, 'over-audience-total'), audienceById('child-premature'))).toBe(
      nb(
        'Kinder: Frühgeborene: kein ätherisches Öl auf der Haut (Robert Tisserand, quoted by Thrive Style [TS]). Dieses Produkt enthält 0,5 % ätherisches Öl.',
      ),
    )
    const avoid = pregnancy.audience!.maxima[0]!
    expect(maximumReason(t, 'leave-on', audienceById('pregnancy')!, avoid)).toBe(
      'Schwangerschaft: Myrrhe nicht verwenden. In der Schwangerschaft meiden: β-Elemen passiert die Plazenta und hemmt die Bildung neuer Blutgefäße.',
    )

    await activateLanguage('fr')
    expect(shownPercent(2.5)).toMatch(/^2,5\s%$/)
    expect(warningText(t, byKind(report, 'over-audience-total'), audienceById('child-2-6-years'))).toMatch(
      /^La synergie représente 3,4\s% du produit fini, au-dessus du maximum pour les enfants de 2 à 6 ans : 2\s% au total /,
    )
    expect(warningText(t, checkSafety('leave-on', oils).warnings[0]!)).toMatch(
      /^Bergamote représente 1,25\s% du produit fini, au-dessus de son maximum sans rinçage de 0,4\s% /,
    )
    expect(uncheckedText(t, { oil: 'Frankincense', productPercentage: 0.5 })).toMatch(/^Aucun maximum publié enregistré pour Encens, /)
    expect(cautionText(t, { text: 'Do not use old or oxidised oil.', source: 'MN' })).toBe("N'utilisez pas d'huile vieille ou oxydée. (MN)")
    expect(scopeText(t, 'home')).toBe("Parfum d'intérieur : il n'est pas destiné à la peau, donc aucune limite cutanée ne s'applique.")
    expect(noWarningsText(t)).toBe('Aucun avertissement de sécurité pour cette synergie à ce pourcentage.')
    expect(cautionLabel(t, 'children')).toBe('Enfants')
    expect(audienceLabel(t, 'face')).toBe('Le visage (un soin du visage pour adulte)')
    expect(audienceTotalSentence(t, audienceById('pregnancy')!)).toMatch(/^Grossesse : aucun chiffre publié enregistré/)
    expect(ifraCategoryName(t, '12')).toBe(
      'Produits non destinés au contact direct avec la peau, transfert minime ou négligeable sur la peau',
    )
    expect(infeasibleText(t, null)).toMatch(/^Aucun changement à l'intérieur des couches/)
    expect(unknownDermalText(t, 'Frankincense')).toBe(
      "Aucun maximum publié enregistré pour Encens, donc elle n'a pas été vérifiée et n'est pas augmentée.",
    )
  })

  it.each(['en', 'de', 'fr', 'es', 'it'] as const)('composes every audience’s sentences in %s, no ICU left unparsed', async (language) => {
    await activateLanguage(language)
    for (const id of AUDIENCE_IDS) {
      const audience = audienceById(id)!
      const over = {
        kind: 'over-audience-total' as const,
        oil: 'Total essential oil',
        productPercentage: 9,
        limitPercent: audience.total?.percent ?? 1,
        source: 'TS',
        message: '',
      }
      for (const sentence of [
        warningText(t, over, audience),
        maximaHeading(t, id),
        audienceTotalSentence(t, audience),
        audienceLabel(t, id),
      ]) {
        expect(sentence, `${id}: ${sentence}`).not.toMatch(/[{}]/)
      }
    }
    expect(maximaHeading(t, 'face')).not.toBe(maximaHeading(t, 'adults'))
    if (language === 'en') {
      expect(maximaHeading(t, 'face')).toBe('For the face (an adult facial product)')
      expect(maximaHeading(t, 'child-2-6-years')).toBe('For Children 2-6 years')
    }
  })

  it('says Make it compliant’s findings as the API writes them in English, and in German and French', async () => {
    const oil = (delta: number) => ({ kind: 'oil' as const, delta })
    const within = [complianceWithinText(t, 0, 2, 'Lotion / cream'), complianceWithinText(t, 3, 2, 'Lotion / cream')]
    expect(within).toEqual([
      'No limit on file applies to this blend in a lotion / cream, so there is nothing to change.',
      'This blend is within every limit on file at 2% in a lotion / cream: nothing to change.',
    ])
    expect(complianceProposalText(t, [oil(1), oil(0)], 3)).toBe(
      '1 oil change within its layer; the top, middle and base totals stay as they are, and every limit on file is met at 3%.',
    )
    expect(complianceProposalText(t, [oil(1), oil(-1)], 3)).toBe(
      '2 oils change within their layer; the top, middle and base totals stay as they are, and every limit on file is met at 3%.',
    )
    expect(complianceProposalText(t, [oil(1), { kind: 'accord', delta: -1 }], 3)).toBe(
      '2 lines (an accord moves whole, its oils in their proportions) change within their layer; the top, middle and base totals stay as they are, and every limit on file is met at 3%.',
    )
    const overTotal = { productPercentage: 3, highestPercentage: 2, limitingOil: { name: 'Total essential oil', source: 'TS' } }
    const child = audienceById('child-2-6-years')!
    expect(complianceInfeasibleText(t, overTotal, child)).toBe(
      `Children 2-6 years: at most 2% essential oil in total (${child.total!.source}). ${infeasibleMessage({ percentage: 2, limit: { oilId: 0, name: 'Total essential oil', kind: 'audience', maxPercent: 2, source: 'TS' } })}`,
    )
    expect(complianceInfeasibleText(t, { ...overTotal, productPercentage: 1.5 }, child)).toBe(
      infeasibleMessage({ percentage: 2, limit: { oilId: 0, name: 'Total essential oil', kind: 'audience', maxPercent: 2, source: 'TS' } }),
    )
    const pregnancyLine = 'Pregnancy: no published total on file, so the total was not checked.'
    expect(complianceNotCheckedText(t, pregnancyLine)).toBe(pregnancyLine)

    await activateLanguage('de')
    expect(complianceWithinText(t, 3, 2, 'Lotion / Creme')).toBe(
      nb('Diese Mischung hält bei 2 % und der Produktart „Lotion / Creme“ jeden hinterlegten Grenzwert ein: Es gibt nichts zu ändern.'),
    )
    expect(complianceProposalText(t, [oil(1), oil(-1)], 3)).toMatch(/^2 Öle ändern sich innerhalb ihrer Schicht; /)
    expect(complianceInfeasibleText(t, overTotal, child)).toMatch(
      /^Kinder 2-6 Jahre: höchstens 2\s% ätherisches Öl insgesamt \(.*\)\. Keine Änderung .* \(Ätherisches Öl insgesamt bestimmt ihn\)\.$/,
    )
    expect(complianceNotCheckedText(t, pregnancyLine)).toBe(
      'Schwangerschaft: keine veröffentlichte Gesamtmenge hinterlegt, daher wurde die Gesamtmenge nicht geprüft.',
    )

    await activateLanguage('fr')
    expect(complianceProposalText(t, [oil(1)], 3)).toMatch(/^1 huile change dans sa couche ; .* respectée à 3\s%\.$/)
    expect(complianceWithinText(t, 0, 2, 'Bougies')).toBe(
      "Aucune limite enregistrée ne s'applique à cette synergie pour le type « Bougies », donc il n'y a rien à changer.",
    )
  })
})
