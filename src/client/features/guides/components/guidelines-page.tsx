import { PageHeading } from '#client/components/page-heading.tsx'
import { CompatibilityTable } from '#client/features/guides/components/compatibility-table.tsx'
import { GuideContents, GuideLink, GuideList, GuideSection, KeyFact, Point, Rich } from '#client/features/guides/components/guide-parts.tsx'
import {
  ChildrenSection,
  DispersantsSection,
  OxidationSection,
  PregnancySection,
} from '#client/features/guides/components/safety-guide-sections.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/guides/guides-catalog.ts'

/** Each section's anchor and the id of its title. */
const SECTIONS = [
  { id: 'note-ratios', title: 'guides.guidelines.section.noteRatios' },
  { id: 'build-order', title: 'guides.guidelines.section.buildOrder' },
  { id: 'scent-families', title: 'guides.guidelines.section.scentFamilies' },
  { id: 'dilution', title: 'guides.guidelines.section.dilution' },
  { id: 'children', title: 'guides.guidelines.section.children' },
  { id: 'pregnancy', title: 'guides.guidelines.section.pregnancy' },
  { id: 'oxidation', title: 'guides.guidelines.section.oxidation' },
  { id: 'dispersants', title: 'guides.guidelines.section.dispersants' },
] as const

/** /guidelines: how to put a balanced blend together, in our own words. */
export function GuidelinesPage() {
  const t = useMessages()
  const titled = (section: (typeof SECTIONS)[number]) => ({ id: section.id, title: t(section.title) })
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title={t('guides.guidelines.title')}>{t('guides.guidelines.lead')}</PageHeading>
      <GuideContents sections={SECTIONS.map(titled)} />

      <GuideSection {...titled(SECTIONS[0])}>
        <p>{t('guides.guidelines.ratios.intro')}</p>
        <KeyFact>{t('guides.guidelines.ratios.keyFact')}</KeyFact>
        <p>{t('guides.guidelines.ratios.why')}</p>
        <GuideList>
          <Point id="guides.guidelines.ratios.top" />
          <Point id="guides.guidelines.ratios.middle" />
          <Point id="guides.guidelines.ratios.base" />
        </GuideList>
        <p>{t('guides.guidelines.ratios.adjust')}</p>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[1])}>
        <p>{t('guides.guidelines.build.intro')}</p>
        <GuideList ordered>
          <li>{t('guides.guidelines.build.step1')}</li>
          <li>{t('guides.guidelines.build.step2')}</li>
          <li>{t('guides.guidelines.build.step3')}</li>
          <li>{t('guides.guidelines.build.step4')}</li>
        </GuideList>
        <p>{t('guides.guidelines.build.dropByDrop')}</p>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[2])}>
        <p>{t('guides.guidelines.families.intro')}</p>
        <CompatibilityTable />
        <h3>{t('guides.guidelines.families.pairingsTitle')}</h3>
        <GuideList>
          <li>{t('guides.guidelines.families.pairing1')}</li>
          <li>{t('guides.guidelines.families.pairing2')}</li>
          <li>{t('guides.guidelines.families.pairing3')}</li>
          <li>{t('guides.guidelines.families.pairing4')}</li>
        </GuideList>
        <p>
          <Rich
            id="guides.guidelines.families.glossary"
            parts={{ link: <GuideLink to="/glossary">{t('guides.guidelines.families.glossaryLink')}</GuideLink> }}
          />
        </p>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[3])}>
        <p>{t('guides.guidelines.dilution.intro')}</p>
        <GuideList>
          <Point id="guides.guidelines.dilution.face" />
          <Point id="guides.guidelines.dilution.daily" />
          <Point id="guides.guidelines.dilution.short" />
        </GuideList>
        <h3>{t('guides.guidelines.dilution.sunTitle')}</h3>
        <p>{t('guides.guidelines.dilution.sun')}</p>
        <h3>{t('guides.guidelines.dilution.habitsTitle')}</h3>
        <GuideList>
          <li>{t('guides.guidelines.dilution.habit1')}</li>
          <li>{t('guides.guidelines.dilution.habit2')}</li>
          <li>{t('guides.guidelines.dilution.habit3')}</li>
        </GuideList>
        <p>
          <Rich
            id="guides.guidelines.dilution.calculator"
            parts={{ link: <GuideLink to="/calculator">{t('guides.guidelines.dilution.calculatorLink')}</GuideLink> }}
          />
        </p>
      </GuideSection>

      <ChildrenSection {...titled(SECTIONS[4])} />
      <PregnancySection {...titled(SECTIONS[5])} />
      <OxidationSection {...titled(SECTIONS[6])} />
      <DispersantsSection {...titled(SECTIONS[7])} />
    </div>
  )
}
