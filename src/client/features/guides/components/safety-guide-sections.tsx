import { GuideList, GuideSection, GuideSources, KeyFact } from '#client/features/guides/components/guide-parts.tsx'

/**
 * The guidelines' safety sections (docs/product.md "The guides' safety advice"): only what the
 * sources named under each say, in our words; an oil without a caution here has none on file.
 */

type Section = { id: string; title: string }

/** Tisserand & Young, the reference most published maxima come from. */
const TY = 'Robert Tisserand and Rodney Young, Essential Oil Safety, 2nd edition (2014)'

/** Peppermint and Eucalyptus near babies and young children, with the ages the sources give. */
export function ChildrenSection({ id, title }: Section) {
  return (
    <GuideSection id={id} title={title}>
      <p>
        Some oils that suit adults can harm babies and young children, above all near the face, where they can affect breathing. The sources
        below do not all draw the line at the same age; where they differ, follow the older age.
      </p>
      <KeyFact>Keep Eucalyptus away from children under 10, and Peppermint away from children under 6.</KeyFact>
      <GuideList>
        <li>
          <strong>Eucalyptus:</strong> never on or near the face of infants or of children under ten. Some advice sets the line at six; the
          stricter reading is ten.
        </li>
        <li>
          <strong>Peppermint:</strong> never on or near the face of infants or young children. Oils rich in menthol or cineole have caused
          breathing problems in children, particularly under six, and none should be used on or near children under two; from six,
          Peppermint is considered fine.
        </li>
        <li>
          <strong>Rosemary:</strong> not on or near the face of infants and children; Tisserand is reported as advising that it wait until
          ten.
        </li>
        <li>
          <strong>Clove Bud:</strong> not on the skin of children aged two or younger. <strong>Lemongrass</strong> and{' '}
          <strong>Ylang Ylang</strong> need care on the skin of children under two.
        </li>
      </GuideList>
      <GuideSources>
        <li>{TY}, as cited in a peer-reviewed table (pmc.ncbi.nlm.nih.gov, PMC7997686, table 3): Eucalyptus and Peppermint.</li>
        <li>Plant Therapy (2014), after asking Robert Tisserand; Desert Sage Herbs, quoting Tisserand: the ages six and ten.</li>
        <li>Pages quoting {TY}: Wikiwel (Clove Bud), Organic.io (Lemongrass).</li>
        <li>Cheryl&apos;s Herbs (Ylang Ylang) and Shamim Daru (Rosemary), without a page reference.</li>
      </GuideSources>
    </GuideSection>
  )
}

/** The few oils with a published pregnancy caution; none here is not a safety statement. */
export function PregnancySection({ id, title }: Section) {
  return (
    <GuideSection id={id} title={title}>
      <p>
        Published pregnancy rules exist for only a few oils, and for most oils Accord has no pregnancy facts on file at all. No caution here
        does not mean an oil is safe in pregnancy: if you are pregnant, or making for someone who is, ask a qualified professional first.
      </p>
      <GuideList>
        <li>
          <strong>Myrrh:</strong> avoid in pregnancy. Its beta-elemene crosses the placenta.
        </li>
        <li>
          <strong>Lemongrass:</strong> Tisserand and Young note a risk of harm to the unborn child from its citral.
        </li>
        <li>
          <strong>Clove Bud:</strong> harm to the embryo is among the hazards Tisserand and Young list.
        </li>
        <li>
          <strong>Basil</strong> (the estragole type), <strong>Cinnamon Bark</strong> and <strong>Jasmine</strong> appear on lists of oils
          to avoid in pregnancy, though those lists mix their sources.
        </li>
      </GuideList>
      <GuideSources>
        <li>The Healing Place Farm, on Tisserand&apos;s pregnancy guidance: Myrrh.</li>
        <li>Pages quoting {TY}: Organic.io (Lemongrass), Wikiwel (Clove Bud).</li>
        <li>Flo Aromatherapy&apos;s pregnancy list (citing Tisserand and Young with other bodies): Basil, Cinnamon Bark, Jasmine.</li>
      </GuideSources>
    </GuideSection>
  )
}

/** Which oils turn on the skin as they oxidise, and how to store them. */
export function OxidationSection({ id, title }: Section) {
  return (
    <GuideSection id={id} title={title}>
      <p>
        Essential oils change as air gets to them. Some become more likely to cause a skin reaction as they oxidise, so an old bottle can
        irritate where a fresh one did not.
      </p>
      <KeyFact>Keep bottles full and Tea Tree in the fridge, and use Tea Tree within 1-2 years of buying it.</KeyFact>
      <GuideList>
        <li>
          <strong>Tea Tree:</strong> the more it oxidises, the less safe it is on skin. Keep it in the fridge and use it within 1-2 years.
          An oxidised oil smells duller and harsher; on a lab report, para-cymene around 6% or more suggests oxidation (2-4% is usual in a
          fresh oil).
        </li>
        <li>
          <strong>Citrus:</strong> Mandarin becomes a skin sensitiser when oxidised, and old or oxidised Bergamot should not be used.
        </li>
        <li>
          <strong>Full bottles:</strong> oxidation speeds up once a bottle holds more air than oil, so move the last of an oil into a
          smaller bottle.
        </li>
      </GuideList>
      <GuideSources>
        <li>Tisserand Institute, &apos;Topical safety guidelines&apos; (Tea Tree, air in the bottle).</li>
        <li>Pages quoting {TY}: Aromateket (Mandarin), Monash Natural Blends (Bergamot).</li>
      </GuideSources>
    </GuideSection>
  )
}

/** Bath salts, bath bombs and room sprays: oil does not mix with water, so it needs a dispersant. */
export function DispersantsSection({ id, title }: Section) {
  return (
    <GuideSection id={id} title={title}>
      <p>
        Essential oils do not mix with water. Dropped into a bath, they float as tiny droplets of undiluted oil that cling to the skin,
        often in sensitive places; warmed by the water and unable to evaporate, they can sting badly. Any oil can do this, citrus oils above
        all.
      </p>
      <KeyFact>Never put essential oil into bath water on its own: mix it into a carrier oil or an emulsifier first.</KeyFact>
      <GuideList>
        <li>
          <strong>Bath salts and bath bombs:</strong> salt and bicarbonate do not dissolve the oil; it floats free once they melt. Neither
          Epsom salts nor full-fat milk properly disperse essential oils. Mix the blend into a vegetable oil (a floating bath oil) or a
          solubiliser before it goes into the salts or the bomb.
        </li>
        <li>
          <strong>Room sprays and other water-based products:</strong> the oil separates from the water, so each spray is uneven. A
          solubiliser (an emulsifying agent such as polysorbate 20 or polysorbate 80) disperses it; follow the ratio its supplier gives.
        </li>
        <li>
          <strong>Fatty oils in a bath</strong> make the tub slippery: a lighter oil such as jojoba or fractionated coconut oil is less
          greasy, and take care getting out.
        </li>
      </GuideList>
      <GuideSources>
        <li>Tisserand Institute, &apos;Bath safety&apos;: undiluted droplets, Epsom salts and milk, carrier oil or emulsifier.</li>
        <li>
          Natural Medicine Oils, &apos;Emulsifiers&apos;, and Bath Bomb NZ on polysorbate 80: solubilisers for water and bath products.
        </li>
      </GuideSources>
    </GuideSection>
  )
}
