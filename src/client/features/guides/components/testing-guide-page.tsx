import { PageHeading } from '#client/components/page-heading.tsx'
import { GuideContents, GuideLink, GuideList, GuideSection, KeyFact, Rich } from '#client/features/guides/components/guide-parts.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export { wordsReady } from '#client/features/guides/guides-catalog.ts'

/** Each section's anchor and the id of its title. */
const SECTIONS = [
  { id: 'prepare', title: 'guides.testing.section.prepare' },
  { id: 'rest', title: 'guides.testing.section.rest' },
  { id: 'smell', title: 'guides.testing.section.smell' },
  { id: 'record', title: 'guides.testing.section.record' },
] as const

/** /testing: how to make, rest, smell and record a test batch, in our own words. */
export function TestingGuidePage() {
  const t = useMessages()
  const titled = (section: (typeof SECTIONS)[number]) => ({ id: section.id, title: t(section.title) })
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title={t('guides.testing.title')}>{t('guides.testing.lead')}</PageHeading>
      <GuideContents sections={SECTIONS.map(titled)} />

      <GuideSection {...titled(SECTIONS[0])}>
        <GuideList>
          <li>{t('guides.testing.prepare.small')}</li>
          <li>
            <Rich id="guides.testing.prepare.weigh" parts={{ precision: <strong>{t('guides.testing.prepare.precision')}</strong> }} />
          </li>
          <li>{t('guides.testing.prepare.clean')}</li>
          <li>{t('guides.testing.prepare.date')}</li>
        </GuideList>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[1])}>
        <p>{t('guides.testing.rest.intro')}</p>
        <KeyFact>{t('guides.testing.rest.keyFact')}</KeyFact>
        <p>{t('guides.testing.rest.early')}</p>
        <p>{t('guides.testing.rest.store')}</p>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[2])}>
        <GuideList>
          <li>{t('guides.testing.smell.strip')}</li>
          <li>{t('guides.testing.smell.again')}</li>
          <li>
            <Rich id="guides.testing.smell.reset" parts={{ reset: <strong>{t('guides.testing.smell.resetEvery')}</strong> }} />
          </li>
          <li>{t('guides.testing.smell.room')}</li>
        </GuideList>
      </GuideSection>

      <GuideSection {...titled(SECTIONS[3])}>
        <p>
          <Rich
            id="guides.testing.record.intro"
            parts={{ link: <GuideLink to="/journal">{t('guides.testing.record.journal')}</GuideLink> }}
          />
        </p>
        <GuideList>
          <li>{t('guides.testing.record.version')}</li>
          <li>{t('guides.testing.record.smelled')}</li>
          <li>{t('guides.testing.record.rating')}</li>
          <li>{t('guides.testing.record.change')}</li>
        </GuideList>
        <p>{t('guides.testing.record.compare')}</p>
      </GuideSection>
    </div>
  )
}
