import { useState } from 'react'
import { useLocation } from 'react-router'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { ApiError } from '#client/lib/api-error.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import {
  answerConsent,
  CONSENT_EXPIRED,
  CONSENT_FAILED,
  CONSENT_LOAD_FAILED,
  CONSENT_UNKNOWN_APP,
  readConsentRequest,
  useClientName,
  type ConsentRequest,
} from '#client/features/connect/api/consent.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

export { wordsReady } from '#client/features/connect/connect-catalog.ts'

/** The catalogs' ids of what each scope allows (English: MCP_SCOPE_WORDS, #shared/api/mcp-scopes.ts). */
const SCOPE_WORDS: Record<McpScope, string> = {
  'journal:read': 'connect.scope.journalRead',
  'journal:write': 'connect.scope.journalWrite',
  'shelf:read': 'connect.scope.shelfRead',
  'shelf:write': 'connect.scope.shelfWrite',
}

/** The catalogs' ids of the consent requests' own errors (their English: consent.ts); the server's others are shown as they come. */
const ERROR_WORDS: Record<string, string> = {
  [CONSENT_LOAD_FAILED]: 'connect.error.loadFailed',
  [CONSENT_FAILED]: 'connect.error.failed',
  [CONSENT_UNKNOWN_APP]: 'connect.error.unknownApp',
  [CONSENT_EXPIRED]: 'connect.error.expired',
}

/** What a scope allows beyond its words: adding to the journal includes publishing a blend's public share link (the share_blend tool). */
const SCOPE_NOTES: Partial<Record<McpScope, string>> = {
  'journal:write': 'connect.scope.journalWriteNote',
}

const isWrite = (scope: McpScope) => scope.endsWith(':write')

/**
 * /oauth/consent (docs/product.md, "Connect an AI assistant"; decision 046): an AI assistant asks
 * to use the maker's account. The page names the app and where it sends the maker back, lists what
 * it asked for in plain words (read access is what connecting means; each write can be unticked),
 * and records Allow or Deny, after which the browser goes back to the app.
 */
export function ConsentPage() {
  const t = useMessages()
  const { search } = useLocation()
  const request = readConsentRequest(search)
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeading title={t('connect.page.title')} />
      {request ? (
        <ConsentCard request={request} />
      ) : (
        <p role="alert" className="rounded-card border border-border bg-card p-5 text-muted-foreground">
          {t('connect.page.invalid')}
        </p>
      )}
    </div>
  )
}

function ConsentCard({ request }: { request: ConsentRequest }) {
  const t = useMessages()
  const said = (message: string) => (ERROR_WORDS[message] ? t(ERROR_WORDS[message]) : message)
  const client = useClientName(request.clientId)
  const [unticked, setUnticked] = useState<ReadonlySet<McpScope>>(new Set())
  const [pending, setPending] = useState<'allow' | 'deny' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const singleFlight = useSingleFlight()

  if (client.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('connect.card.loading')} />
      </div>
    )
  }
  if (client.isError) {
    const message = said(client.error instanceof ApiError ? client.error.message : CONSENT_LOAD_FAILED)
    return <LoadError message={message} error={client.error} onRetry={() => void client.refetch()} />
  }

  const name = client.data ?? t('connect.card.unnamed')
  const granted = request.scopes.filter((scope) => !unticked.has(scope))
  const toggle = (scope: McpScope, on: boolean) =>
    setUnticked((current) => {
      const next = new Set(current)
      if (on) next.delete(scope)
      else next.add(scope)
      return next
    })

  const answer = (accept: boolean) =>
    void singleFlight(async () => {
      setPending(accept ? 'allow' : 'deny')
      setError(null)
      try {
        window.location.assign(await answerConsent(request, { accept, scopes: granted }))
      } catch (err) {
        setError(said(err instanceof ApiError ? err.message : CONSENT_FAILED))
        setPending(null)
      }
    })

  const [beforeName, afterName] = aroundPlaceholder(t, 'connect.card.title', 'name')
  const [beforeHost, afterHost] = aroundPlaceholder(t, 'connect.card.backTo', 'host')
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {beforeName}
          <span className="break-words">{name}</span>
          {afterName}
        </CardTitle>
        <CardDescription>
          {request.redirectHost ? (
            <>
              {beforeHost}
              <strong className="break-words font-medium text-foreground">{request.redirectHost}</strong>
              {afterHost}
            </>
          ) : (
            t('connect.card.backToApp')
          )}{' '}
          {t('connect.card.trust')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {request.scopes.length > 0 ? (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-foreground">{t('connect.card.able')}</legend>
            {request.scopes.map((scope) => (
              <label key={scope} className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70"
                  checked={!unticked.has(scope)}
                  disabled={!isWrite(scope) || pending !== null}
                  onChange={(event) => toggle(scope, event.target.checked)}
                />
                <span className="text-foreground">
                  {t(SCOPE_WORDS[scope])}
                  {SCOPE_NOTES[scope] ? <span className="block text-muted-foreground">{t(SCOPE_NOTES[scope])}</span> : null}
                  {isWrite(scope) ? null : <span className="block text-muted-foreground">{t('connect.card.always')}</span>}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">{t('connect.card.noAccess')}</p>
        )}
        <p className="text-sm text-muted-foreground">{t('connect.card.neverDelete')}</p>
        {error ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button wraps variant="outline" className="w-full sm:w-auto" disabled={pending !== null} onClick={() => answer(false)}>
          {pending === 'deny' ? t('connect.card.denying') : t('connect.card.deny')}
        </Button>
        <Button wraps className="w-full sm:w-auto" disabled={pending !== null} onClick={() => answer(true)}>
          {pending === 'allow' ? t('connect.card.allowing') : t('connect.card.allow')}
        </Button>
      </CardFooter>
    </Card>
  )
}
