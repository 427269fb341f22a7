import blendCreatorImage from '#client/features/landing/assets/screenshots/blend-creator.webp'
import calculatorImage from '#client/features/landing/assets/screenshots/calculator.webp'
import journalImage from '#client/features/landing/assets/screenshots/journal.webp'

/**
 * The size of every screenshot file (scripts/screenshots/capture.ts SCREENSHOT_SIZE), set on each
 * <img> so the page keeps their place before they load.
 */
export const SCREENSHOT_WIDTH = 800
export const SCREENSHOT_HEIGHT = 500

/** The three screens, as `npm run screenshots` captures them from the app itself (decision 013). */
export const SCREENSHOTS = [
  {
    title: 'Blend creator',
    caption: 'Start from an oil you love; Accord suggests the families that pair with it.',
    alt: 'The blend creator choosing a middle note: Bergamot is the top note, compatible families are Citrus, Woody, Floral and Herbal, and oil cards offer Basil and Bergamot.',
    src: blendCreatorImage,
  },
  {
    title: 'Journal',
    caption: 'Every blend and version, searchable by name or oil and filtered by testing status.',
    alt: 'The blend journal: a search box, All Blends, Tested and Untested tabs, and saved blends such as Evening Calm (Bergamot, Lavender, Atlas Cedarwood) with their references and tests.',
    src: journalImage,
  },
  {
    title: 'Calculator',
    caption: 'Scale a saved recipe to your batch in grams or ounces, with usage guidelines beside it.',
    alt: 'The project calculator: Evening Calm in 500 grams of cold process soap at 3% needs 15.0 g of essential oil, beside the usage guidelines table.',
    src: calculatorImage,
  },
] as const

/**
 * "Screenshots" (docs/product.md §2): real captures of the app. They sit below the fold, so they load
 * lazily; width and height keep their place.
 */
export function ScreenshotsSection() {
  return (
    <section
      id="screenshots"
      aria-labelledby="screens-title"
      className="below-fold py-20 [--fold-estimate:85rem] sm:py-24 lg:[--fold-estimate:40rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">A look inside</p>
          <h2 id="screens-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            See Accord at work
          </h2>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {SCREENSHOTS.map((screen) => (
            <li key={screen.title}>
              <figure>
                <div className="overflow-hidden rounded-card border border-border bg-card shadow-card">
                  <div aria-hidden="true" className="flex items-center gap-1.5 border-b border-border bg-muted px-4 py-2.5">
                    <span className="size-2.5 rounded-full bg-[#e5a39a]" />
                    <span className="size-2.5 rounded-full bg-[#e8cf8f]" />
                    <span className="size-2.5 rounded-full bg-[#9fcca8]" />
                    <span className="ml-3 text-xs text-muted-foreground">Accord · {screen.title}</span>
                  </div>
                  <img
                    src={screen.src}
                    alt={screen.alt}
                    width={SCREENSHOT_WIDTH}
                    height={SCREENSHOT_HEIGHT}
                    loading="lazy"
                    decoding="async"
                    className="block h-auto w-full bg-background"
                  />
                </div>
                <figcaption className="mt-4">
                  <span className="font-semibold text-foreground">{screen.title}.</span>{' '}
                  <span className="text-muted-foreground">{screen.caption}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
