/** The landing page's in-page anchors (the top bar and the buttons scroll to them). */
export const SECTION_IDS = {
  features: 'features',
  book: 'book',
  signup: 'signup',
  /** The sign-up form inside the signup section: Start Free Beta brings it into view. */
  signupForm: 'signup-form',
} as const

/** Start Free Beta's target: the sign-up form, with the cursor in its first field. */
export const START_SIGNUP = [SECTION_IDS.signup, { formId: SECTION_IDS.signupForm }] as const
