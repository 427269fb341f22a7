import { CircleCheck, LinkIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AUTH_ERROR_MESSAGES } from '#shared/api/auth-codes.ts'
import { HomeLogoLink } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { signInLink } from '#client/lib/sign-in-links.ts'
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx'
import { problemText } from '#client/features/auth/auth-catalog.ts'

export { wordsReady } from '#client/features/auth/auth-catalog.ts'

type View = 'form' | 'done' | 'invalid'

/**
 * /reset-password, public: the e-mailed link lands here with ?token=... (or ?error=INVALID_TOKEN
 * when the identity service found the link used, expired or unknown).
 */
export function ResetPasswordPage() {
  const t = useMessages()
  const [params] = useSearchParams()
  const token = params.get('token')
  const [view, setView] = useState<View>(token && !params.get('error') ? 'form' : 'invalid')

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-background">
        <div className="page-container flex h-16 items-center">
          <HomeLogoLink />
        </div>
      </header>
      <main id="main" className="page-container flex flex-1 items-start justify-center py-12 sm:py-20">
        <Card className="w-full max-w-md p-6 sm:p-8">
          {view === 'form' && token ? (
            <ResetView title={t('auth.reset.form.title')} lead={t('auth.reset.form.lead')}>
              <ResetPasswordForm token={token} onDone={() => setView('done')} onInvalidLink={() => setView('invalid')} />
            </ResetView>
          ) : null}
          {view === 'done' ? (
            <ResetView
              icon={<CircleCheck aria-hidden="true" className="size-6" />}
              title={t('auth.reset.done.title')}
              lead={t('auth.reset.done.lead')}
            >
              <Button asChild size="lg" className="w-full">
                <Link to={signInLink('sign-in')}>{t('auth.reset.signIn')}</Link>
              </Button>
            </ResetView>
          ) : null}
          {view === 'invalid' ? (
            <ResetView
              icon={<LinkIcon aria-hidden="true" className="size-6" />}
              title={t('auth.reset.invalid.title')}
              lead={problemText(t, AUTH_ERROR_MESSAGES.INVALID_RESET_TOKEN)}
              role="alert"
            >
              <Button asChild size="lg" className="w-full">
                <Link to={signInLink('forgot-password')}>{t('auth.reset.invalid.requestNew')}</Link>
              </Button>
            </ResetView>
          ) : null}
        </Card>
      </main>
    </div>
  )
}

function ResetView({
  icon,
  title,
  lead,
  role,
  children,
}: {
  icon?: ReactNode
  title: string
  lead: string
  role?: 'alert'
  children: ReactNode
}) {
  return (
    <div className="grid gap-6">
      <title>{`${title} · Accord`}</title>
      <div className="grid gap-2">
        {icon ? (
          <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
        ) : null}
        <h1 className="font-display text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        <p role={role} className="text-sm text-muted-foreground">
          {lead}
        </p>
      </div>
      {children}
    </div>
  )
}
