import blendCreatorImage from '#client/features/landing/assets/screenshots/blend-creator.webp'
import calculatorImage from '#client/features/landing/assets/screenshots/calculator.webp'
import journalImage from '#client/features/landing/assets/screenshots/journal.webp'

import { useMessages } from '#client/lib/i18n.ts'
/**
 * The size of every screenshot file (scripts/screenshots/capture.ts SCREENSHOT_SIZE), set on each
 * <img> so the page keeps their place before they load.
 */
export const SCREENSHOT_WIDTH = 800
export const SCREENSHOT_HEIGHT = 500

/**
 * The three screens, as `npm run screenshots` captures them from the app itself (decision 013); their
 * words are the catalog's `landing.screenshots.<key>.title`, `.caption` and `.alt`.
 */
export const SCREENSHOTS = [
  { key: 'landing.screenshots.creator', src: blendCreatorImage },
  { key: 'landing.screenshots.journal', src: journalImage },
  { key: 'landing.screenshots.calculator', src: calculatorImage },
] as const

/**
 * "Screenshots" (docs/product.md §2): real captures of the app. They sit below the fold, so they load
 * lazily; width and height keep their place.
 */
export function ScreenshotsSection() {
  const t = useMessages()
  return (
    <section
      id="screenshots"
      aria-labelledby="screens-title"
      className="below-fold py-20 [--fold-estimate:85rem] sm:py-24 lg:[--fold-estimate:40rem]"
    >
      <div className="page-container">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{t('landing.screenshots.eyebrow')}</p>
          <h2 id="screens-title" className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('landing.screenshots.title')}
          </h2>
        </div>
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {SCREENSHOTS.map((screen) => (
            <li key={screen.key}>
              <figure>
                <div className="overflow-hidden rounded-card border border-border bg-card shadow-card">
                  <div aria-hidden="true" className="flex items-center gap-1.5 border-b border-border bg-muted px-4 py-2.5">
                    <span className="size-2.5 rounded-full bg-[#e5a39a]" />
                    <span className="size-2.5 rounded-full bg-[#e8cf8f]" />
                    <span className="size-2.5 rounded-full bg-[#9fcca8]" />
                    <span className="ml-3 text-xs text-muted-foreground">Accord · {t(`${screen.key}.title`)}</span>
                  </div>
                  <img
                    src={screen.src}
                    alt={t(`${screen.key}.alt`)}
                    width={SCREENSHOT_WIDTH}
                    height={SCREENSHOT_HEIGHT}
                    loading="lazy"
                    decoding="async"
                    className="block h-auto w-full bg-background"
                  />
                </div>
                <figcaption className="mt-4">
                  <span className="font-semibold text-foreground">{`${t(`${screen.key}.title`)}.`}</span>{' '}
                  <span className="text-muted-foreground">{t(`${screen.key}.caption`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
