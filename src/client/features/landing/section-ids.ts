/** The landing page's in-page anchors (the top bar and the buttons scroll to them). */
export const SECTION_IDS = {
  features: 'features',
  book: 'book',
  signup: 'signup',
} as const
