import { GuideList, GuideSection, GuideSources, KeyFact, Point, Rich } from '#client/features/guides/components/guide-parts.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The guidelines' safety sections (docs/product.md "The guides' safety advice"): only what the
 * sources named under each say, in our words; an oil without a caution here has none on file.
 * Tisserand & Young (`guides.sources.ty`) is the reference most published maxima come from.
 */

type Section = { id: string; title: string }

/** Peppermint and Eucalyptus near babies and young children, with the ages the sources give. */
export function ChildrenSection({ id, title }: Section) {
  const t = useMessages()
  const ty = t('guides.sources.ty')
  return (
    <GuideSection id={id} title={title}>
      <p>{t('guides.children.intro')}</p>
      <KeyFact>{t('guides.children.keyFact')}</KeyFact>
      <GuideList>
        <Point id="guides.children.eucalyptus" />
        <Point id="guides.children.peppermint" />
        <Point id="guides.children.rosemary" />
        <Point
          id="guides.children.clove"
          parts={{
            lemongrass: <strong>{t('guides.children.lemongrass')}</strong>,
            ylangYlang: <strong>{t('guides.children.ylangYlang')}</strong>,
          }}
        />
      </GuideList>
      <GuideSources>
        <li>{t('guides.children.source1', { ty })}</li>
        <li>{t('guides.children.source2')}</li>
        <li>{t('guides.children.source3', { ty })}</li>
        <li>{t('guides.children.source4')}</li>
      </GuideSources>
    </GuideSection>
  )
}

/** The few oils with a published pregnancy caution; none here is not a safety statement. */
export function PregnancySection({ id, title }: Section) {
  const t = useMessages()
  const ty = t('guides.sources.ty')
  return (
    <GuideSection id={id} title={title}>
      <p>{t('guides.pregnancy.intro')}</p>
      <GuideList>
        <Point id="guides.pregnancy.myrrh" />
        <Point id="guides.pregnancy.lemongrass" />
        <Point id="guides.pregnancy.clove" />
        <li>
          <Rich
            id="guides.pregnancy.lists"
            parts={{
              basil: <strong>{t('guides.pregnancy.basil')}</strong>,
              cinnamonBark: <strong>{t('guides.pregnancy.cinnamonBark')}</strong>,
              jasmine: <strong>{t('guides.pregnancy.jasmine')}</strong>,
            }}
          />
        </li>
      </GuideList>
      <GuideSources>
        <li>{t('guides.pregnancy.source1')}</li>
        <li>{t('guides.pregnancy.source2', { ty })}</li>
        <li>{t('guides.pregnancy.source3')}</li>
      </GuideSources>
    </GuideSection>
  )
}

/** Which oils turn on the skin as they oxidise, and how to store them. */
export function OxidationSection({ id, title }: Section) {
  const t = useMessages()
  const ty = t('guides.sources.ty')
  return (
    <GuideSection id={id} title={title}>
      <p>{t('guides.oxidation.intro')}</p>
      <KeyFact>{t('guides.oxidation.keyFact')}</KeyFact>
      <GuideList>
        <Point id="guides.oxidation.teaTree" />
        <Point id="guides.oxidation.citrus" />
        <Point id="guides.oxidation.fullBottles" />
      </GuideList>
      <GuideSources>
        <li>{t('guides.oxidation.source1')}</li>
        <li>{t('guides.oxidation.source2', { ty })}</li>
      </GuideSources>
    </GuideSection>
  )
}

/** Bath salts, bath bombs and room sprays: oil does not mix with water, so it needs a dispersant. */
export function DispersantsSection({ id, title }: Section) {
  const t = useMessages()
  return (
    <GuideSection id={id} title={title}>
      <p>{t('guides.dispersants.intro')}</p>
      <KeyFact>{t('guides.dispersants.keyFact')}</KeyFact>
      <GuideList>
        <Point id="guides.dispersants.bath" />
        <Point id="guides.dispersants.sprays" />
        <Point id="guides.dispersants.fattyOils" />
      </GuideList>
      <GuideSources>
        <li>{t('guides.dispersants.source1')}</li>
        <li>{t('guides.dispersants.source2')}</li>
      </GuideSources>
    </GuideSection>
  )
}
