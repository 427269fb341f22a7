import { useEffect, useRef, useState, type ComponentType } from 'react'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx'
import { FormMessage } from '#client/features/auth/components/form-message.tsx'
import { GoogleSignInButton } from '#client/features/auth/components/google-sign-in-button.tsx'
import { SignInForm } from '#client/features/auth/components/sign-in-form.tsx'
import { SignUpForm } from '#client/features/auth/components/sign-up-form.tsx'
import { useAuthConfig } from '#client/features/auth/hooks/use-auth-config.ts'

export { wordsReady } from '#client/features/auth/auth-catalog.ts'

export type AuthMode = 'sign-up' | 'sign-in' | 'forgot-password'

export interface AuthHeadingProps {
  title: string
  description: string
}

/** Each view's heading: its catalog ids (`auth.heading.<view>.title` and `.description`). */
const HEADINGS: Record<AuthMode, string> = {
  'sign-up': 'auth.heading.signUp',
  'sign-in': 'auth.heading.signIn',
  'forgot-password': 'auth.heading.forgot',
}

/** The card's own heading (an h3: it sits under a section's h2). The dialog passes its DialogTitle. */
function CardHeading({ title, description }: AuthHeadingProps) {
  return (
    <div className="grid gap-1.5">
      <h3 className="font-display text-xl font-semibold leading-tight text-foreground">{title}</h3>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  )
}

/**
 * docs/product.md §2 "Auth card": sign-up and sign-in with a switch between them, Google when the server
 * offers it, and a forgot-password view. The email typed in one view carries over to the others.
 */
export function AuthCard({
  initialMode,
  initialError = null,
  Heading = CardHeading,
  framed = true,
  purpose = null,
}: {
  initialMode: AuthMode
  /**
   * Why the reader is asked to sign in, said in place of the usual line under the sign-in and
   * sign-up headings ("Sign in or create an account to copy Cedar Evening").
   */
  purpose?: string | null
  /** A message to show at once, e.g. a failed Google sign-in the browser came back from. */
  initialError?: string | null
  Heading?: ComponentType<AuthHeadingProps>
  /** Inside a Card (the landing's signup section), or bare (the dialog is the frame). */
  framed?: boolean
}) {
  // The email carried into a view is what was typed when the user switched to it.
  const [{ mode, email }, setView] = useState({ mode: initialMode, email: '' })
  const [googleError, setGoogleError] = useState<string | null>(initialError)
  const typedEmail = useRef('')
  const setMode = (next: AuthMode) => setView({ mode: next, email: typedEmail.current })
  const config = useAuthConfig()
  const t = useMessages()
  const body = useRef<HTMLDivElement>(null)
  const shownMode = useRef(mode)

  // A new view takes the keyboard focus to its first field (not on first render: no focus theft).
  useEffect(() => {
    if (shownMode.current === mode) return
    shownMode.current = mode
    body.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [mode])

  const emailProps = {
    defaultEmail: email,
    onEmailChange: (value: string) => {
      typedEmail.current = value
    },
  }
  const showGoogle = mode !== 'forgot-password' && config?.google === true

  const content = (
    <div className="grid gap-5">
      <Heading
        title={t(`${HEADINGS[mode]}.title`)}
        description={t(`${HEADINGS[mode]}.description`)}
        {...(purpose && mode !== 'forgot-password' ? { description: purpose } : {})}
      />
      <div ref={body} className="grid gap-5">
        {mode !== 'forgot-password' ? <FormMessage message={googleError} /> : null}
        {showGoogle ? (
          <>
            <GoogleSignInButton onError={setGoogleError} />
            <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              {t('auth.orWithEmail')}
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>
          </>
        ) : null}
        {mode === 'sign-up' ? <SignUpForm key="sign-up" {...emailProps} /> : null}
        {mode === 'sign-in' ? <SignInForm key="sign-in" {...emailProps} onForgotPassword={() => setMode('forgot-password')} /> : null}
        {mode === 'forgot-password' ? <ForgotPasswordForm key="forgot" {...emailProps} onBack={() => setMode('sign-in')} /> : null}
      </div>
      {mode === 'sign-up' ? (
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.signUp.haveAccount')}{' '}
          <button type="button" className={textButtonClass} onClick={() => setMode('sign-in')}>
            {t('auth.signUp.switchToSignIn')}
          </button>
        </p>
      ) : null}
      {mode === 'sign-in' ? (
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.signIn.newToAccord')}{' '}
          <button type="button" className={textButtonClass} onClick={() => setMode('sign-up')}>
            {t('auth.signIn.switchToSignUp')}
          </button>
        </p>
      ) : null}
    </div>
  )

  if (!framed) return content
  return <Card className={cn('p-6 text-left text-card-foreground sm:p-8')}>{content}</Card>
}
