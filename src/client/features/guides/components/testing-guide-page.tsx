import { PageHeading } from '#client/components/page-heading.tsx'
import { GuideContents, GuideLink, GuideList, GuideSection, KeyFact } from '#client/features/guides/components/guide-parts.tsx'

const SECTIONS = [
  { id: 'prepare', title: 'Prepare to test' },
  { id: 'rest', title: 'Let the blend rest' },
  { id: 'smell', title: 'Smell with a fresh nose' },
  { id: 'record', title: 'Record every test' },
] as const

/** /testing: how to make, rest, smell and record a test batch, in our own words. */
export function TestingGuidePage() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeading title="Testing Guide">
        How to make a small test batch, give it time, and judge it fairly, so each version teaches you something.
      </PageHeading>
      <GuideContents sections={SECTIONS} />

      <GuideSection id={SECTIONS[0].id} title={SECTIONS[0].title}>
        <GuideList>
          <li>Make small batches: a few grams is enough to judge a blend and wastes little oil.</li>
          <li>
            Weigh rather than count drops. Drop sizes vary from bottle to bottle, and a scale that reads to <strong>0.01 g</strong> makes
            your results repeatable.
          </li>
          <li>Use clean glass, a fresh pipette for each oil, and label the bottle with the blend&apos;s reference (such as 001a).</li>
          <li>Note the date you made it; the journal does this for you.</li>
        </GuideList>
      </GuideSection>

      <GuideSection id={SECTIONS[1].id} title={SECTIONS[1].title}>
        <p>
          A freshly mixed blend smells sharp and disjointed. Over the next days the oils mellow and merge, and the blend you will actually
          live with appears.
        </p>
        <KeyFact>Rest a blend at least 48 hours before judging it; 48-72 hours is the standard.</KeyFact>
        <p>
          You may take an early sniff test after 24 hours, and 24-48 hours is the best window for a first impression. Treat it as a preview,
          not a verdict: write down what you notice, then judge again once the full rest is over.
        </p>
        <p>Keep resting blends in a cool, dark place with the cap closed.</p>
      </GuideSection>

      <GuideSection id={SECTIONS[2].id} title={SECTIONS[2].title}>
        <GuideList>
          <li>Dip a paper strip and wave it gently a few centimetres from your nose rather than sniffing the bottle.</li>
          <li>Smell it again after 10 minutes, an hour and a few hours to follow the top, middle and base notes.</li>
          <li>
            Your nose tires quickly. <strong>Reset it every 3-5 oils</strong>: step outside for fresh air, or smell the inside of your elbow
            or some unscented wool.
          </li>
          <li>Test in a room free of other scents, and not straight after a meal, coffee or perfume.</li>
        </GuideList>
      </GuideSection>

      <GuideSection id={SECTIONS[3].id} title={SECTIONS[3].title}>
        <p>
          Memory for smells is short. Log each test in the <GuideLink to="/journal">Blend Journal</GuideLink> while the impression is fresh:
        </p>
        <GuideList>
          <li>the version you tested and how long it had rested;</li>
          <li>what you smelled first, after an hour and at the end;</li>
          <li>a star rating from 1 to 5;</li>
          <li>what you would change next time.</li>
        </GuideList>
        <p>
          When a change seems worth trying, save it as a new version. Comparing rated versions side by side is the quickest way to a blend
          you love.
        </p>
      </GuideSection>
    </div>
  )
}
