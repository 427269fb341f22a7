/**
 * The landing page's title and description: the page uses them, and the prerendered HTML's
 * <head> (with its Open Graph tags) is built from them (src/client/prerender.tsx).
 */
export const LANDING_META = {
  title: 'Accord — essential oil blend designer',
  description:
    'Design balanced essential oil blends from top, middle and base notes, journal every version and test, and scale recipes to any batch size. Free during the beta.',
} as const
