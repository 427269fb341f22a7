import { PageHeading } from '#client/components/page-heading.tsx'
import { CompatibilityTable } from '#client/features/guides/components/compatibility-table.tsx'
import { GuideContents, GuideLink, GuideList, GuideSection, KeyFact } from '#client/features/guides/components/guide-parts.tsx'
import {
  ChildrenSection,
  DispersantsSection,
  OxidationSection,
  PregnancySection,
} from '#client/features/guides/components/safety-guide-sections.tsx'

const SECTIONS = [
  { id: 'note-ratios', title: 'Balance the three notes' },
  { id: 'build-order', title: 'Build around the heart' },
  { id: 'scent-families', title: 'Scent families that get along' },
  { id: 'dilution', title: 'Dilution and safety basics' },
  { id: 'children', title: 'Oils near young children' },
  { id: 'pregnancy', title: 'Pregnancy' },
  { id: 'oxidation', title: 'Oxidation and storage' },
  { id: 'dispersants', title: 'Oil and water: dispersants and solubilisers' },
] as const

/** /guidelines: how to put a balanced blend together, in our own words. */
export function GuidelinesPage() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title="Blending Guidelines">A few habits that make blends come out balanced, pleasant and safe to use.</PageHeading>
      <GuideContents sections={SECTIONS} />

      <GuideSection id={SECTIONS[0].id} title={SECTIONS[0].title}>
        <p>
          Every blend in Accord has three layers. Top notes are what you smell first and what fades first. Middle notes are the body of the
          blend and carry it for hours. Base notes are slow, deep and heavy; they hold the lighter oils in place and linger long after the
          rest have gone.
        </p>
        <KeyFact>Start at 30% top, 50% middle and 20% base.</KeyFact>
        <p>Why those numbers?</p>
        <GuideList>
          <li>
            <strong>30% top</strong> gives a bright first impression without a sharp edge. More than that and the blend smells thin once the
            top evaporates.
          </li>
          <li>
            <strong>50% middle</strong> makes the heart the biggest part, so the character of the blend stays the same from the first
            minutes to the last hours.
          </li>
          <li>
            <strong>20% base</strong> is enough to anchor the others. Base oils are strong; a little more can drown the rest.
          </li>
        </GuideList>
        <p>
          Treat the ratio as a starting point, not a rule. Once you have tested a version, adjust in small steps and save each change as a
          new version so you can compare them.
        </p>
      </GuideSection>

      <GuideSection id={SECTIONS[1].id} title={SECTIONS[1].title}>
        <p>When you mix by hand, start from the middle note and build outwards:</p>
        <GuideList ordered>
          <li>Choose the heart first: the middle note sets the character and the mood of the blend.</li>
          <li>Add a top note that lifts it. Citrus and mint oils are the usual choices.</li>
          <li>Finish with a base note that deepens and fixes it, such as a wood, resin or earthy oil.</li>
          <li>Smell the blend on a paper strip, then let it rest before you decide anything (see the Testing Guide).</li>
        </GuideList>
        <p>Add oils drop by drop and weigh as you go. It is easy to add a little more of something and impossible to take it out.</p>
      </GuideSection>

      <GuideSection id={SECTIONS[2].id} title={SECTIONS[2].title}>
        <p>
          Oils of the same family always blend with each other. Across families, some pairs flatter each other and some clash. This is the
          table the blend creator uses when it suggests compatible oils:
        </p>
        <CompatibilityTable />
        <h3>A few reliable pairings</h3>
        <GuideList>
          <li>Citrus with woods: Bergamot or Grapefruit over Atlas Cedarwood.</li>
          <li>Florals with citrus: Lavender or Geranium with Sweet Orange.</li>
          <li>Herbs with woods: Rosemary or Clary Sage with Cypress.</li>
          <li>Spices with citrus and resins: Clove Bud or Cinnamon Bark with Sweet Orange and Frankincense.</li>
        </GuideList>
        <p>
          Each oil in the <GuideLink to="/glossary">Oil Glossary</GuideLink> also lists the oils it is known to blend with.
        </p>
      </GuideSection>

      <GuideSection id={SECTIONS[3].id} title={SECTIONS[3].title}>
        <p>Essential oils are concentrated. On skin, always dilute them in a carrier such as a lotion or oil:</p>
        <GuideList>
          <li>
            <strong>1%</strong> for the face, for sensitive skin and for children over five.
          </li>
          <li>
            <strong>2%</strong> for adults using a product every day, over the long term.
          </li>
          <li>
            <strong>3%</strong> for short-term use on a small area, such as a few days of a massage oil.
          </li>
        </GuideList>
        <h3>Citrus and the sun</h3>
        <p>
          Some cold-pressed citrus oils are phototoxic: on skin exposed to sunlight they can cause burns and dark marks. Bergamot is the
          strongest (at most 0.4% in a leave-on product), followed by Lime, Bitter Orange, Lemon and Grapefruit. Steam-distilled Lemon and
          Lime, Bergamot FCF, Sweet Orange and Mandarin are not phototoxic. The limit matters for products that stay on the skin; soaps that
          are washed off are not restricted.
        </p>
        <h3>Other sensible habits</h3>
        <GuideList>
          <li>Patch-test a new blend on a small area of skin before wider use.</li>
          <li>Keep oils away from the eyes, and out of reach of children and pets.</li>
          <li>Some oils, such as Clove Bud and Cinnamon Bark, irritate skin even at low levels. Check the glossary.</li>
        </GuideList>
        <p>
          The <GuideLink to="/calculator">Project Calculator</GuideLink> checks each oil&apos;s share of the finished product against these
          limits when you choose a product type.
        </p>
      </GuideSection>

      <ChildrenSection {...SECTIONS[4]} />
      <PregnancySection {...SECTIONS[5]} />
      <OxidationSection {...SECTIONS[6]} />
      <DispersantsSection {...SECTIONS[7]} />
    </div>
  )
}
