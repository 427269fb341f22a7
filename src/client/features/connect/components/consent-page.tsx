import { useState } from 'react'
import { useLocation } from 'react-router'
import { MCP_SCOPE_NOTES, MCP_SCOPE_WORDS, type McpScope } from '#shared/api/mcp-scopes.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { ApiError } from '#client/lib/api-error.ts'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'
import {
  answerConsent,
  CONSENT_FAILED,
  readConsentRequest,
  useClientName,
  type ConsentRequest,
} from '#client/features/connect/api/consent.ts'

const isWrite = (scope: McpScope) => scope.endsWith(':write')

/**
 * /oauth/consent (docs/product.md, "Connect an AI assistant"; decision 046): an AI assistant asks
 * to use the maker's account. The page names the app and where it sends the maker back, lists what
 * it asked for in plain words (read access is what connecting means; each write can be unticked),
 * and records Allow or Deny, after which the browser goes back to the app.
 */
export function ConsentPage() {
  const { search } = useLocation()
  const request = readConsentRequest(search)
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageHeading title="Connect an app" />
      {request ? (
        <ConsentCard request={request} />
      ) : (
        <p role="alert" className="rounded-card border border-border bg-card p-5 text-muted-foreground">
          This connection request is incomplete or has expired. Start connecting again from your assistant.
        </p>
      )}
    </div>
  )
}

function ConsentCard({ request }: { request: ConsentRequest }) {
  const client = useClientName(request.clientId)
  const [unticked, setUnticked] = useState<ReadonlySet<McpScope>>(new Set())
  const [pending, setPending] = useState<'allow' | 'deny' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const singleFlight = useSingleFlight()

  if (client.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the app’s details" />
      </div>
    )
  }
  if (client.isError) {
    const message = client.error instanceof ApiError ? client.error.message : 'Accord could not load this app’s details.'
    return <LoadError message={message} error={client.error} onRetry={() => void client.refetch()} />
  }

  const name = client.data ?? 'An unnamed app'
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
        setError(err instanceof ApiError ? err.message : CONSENT_FAILED)
        setPending(null)
      }
    })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Allow <span className="break-words">{name}</span> to use your Accord account?
        </CardTitle>
        <CardDescription>
          {request.redirectHost ? (
            <>
              After you answer, you go back to <strong className="break-words font-medium text-foreground">{request.redirectHost}</strong>.
            </>
          ) : (
            'After you answer, you go back to the app.'
          )}{' '}
          Only allow apps you trust.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {request.scopes.length > 0 ? (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-foreground">It will be able to</legend>
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
                  {MCP_SCOPE_WORDS[scope]}
                  {MCP_SCOPE_NOTES[scope] ? <span className="block text-muted-foreground">{MCP_SCOPE_NOTES[scope]}</span> : null}
                  {isWrite(scope) ? null : <span className="block text-muted-foreground">Always included when you connect</span>}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">It asks for no access to your blends or shelf.</p>
        )}
        <p className="text-sm text-muted-foreground">
          It can never delete anything. You can disconnect it at any time under Account settings, Connected apps.
        </p>
        {error ? (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" className="w-full sm:w-auto" disabled={pending !== null} onClick={() => answer(false)}>
          {pending === 'deny' ? 'Denying...' : 'Deny'}
        </Button>
        <Button className="w-full sm:w-auto" disabled={pending !== null} onClick={() => answer(true)}>
          {pending === 'allow' ? 'Allowing...' : 'Allow'}
        </Button>
      </CardFooter>
    </Card>
  )
}
