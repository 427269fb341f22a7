import { Button, type ButtonProps } from '#client/components/ui/button.tsx'
import { ISLAND } from '#client/lib/islands.ts'
import { scrollToSection } from '#client/lib/scroll-to-section.ts'
import { START_SIGNUP } from '#client/features/landing/section-ids.ts'

/**
 * Start Free Beta: brings the sign-up form into view with the cursor in its first field. Marked
 * for the islands script, which does the same on the prerendered page (decision 066).
 */
export function StartSignupButton(props: Omit<ButtonProps, 'onClick' | 'asChild'>) {
  return <Button data-island={ISLAND.startSignup} onClick={() => scrollToSection(...START_SIGNUP)} {...props} />
}
