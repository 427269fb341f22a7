import { useQueryClient } from '@tanstack/react-query'
import { Unplug } from 'lucide-react'
import type { ConnectedApp } from '#shared/api/connected-apps.ts'
import { MCP_PATH } from '#shared/api/oauth-paths.ts'
import { MCP_SCOPE_WORDS } from '#shared/api/mcp-scopes.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { CONNECTED_APPS_QUERY_KEY, disconnectApp, useConnectedApps } from '#client/features/account/api/connected-apps.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

/**
 * "Connected apps" (docs/product.md, "Connect an AI assistant"; decision 046): each AI assistant
 * the maker allowed, what it may do, when it was connected and last used, and Disconnect (after a
 * confirmation; its access ends at once). Empty, it says how to connect one.
 */
export function ConnectedAppsSection() {
  const apps = useConnectedApps()
  const mcpUrl = `${window.location.origin}${MCP_PATH}`
  return (
    <AccountSection
      title="Connected apps"
      description="AI assistants you allowed to use your account. They can read and add to your journal and shelf as you allowed, and never delete anything."
    >
      {apps.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading your connected apps" />
        </div>
      ) : apps.isError ? (
        <LoadError message={failureMessage(apps.error)} error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.items.length === 0 ? (
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>No apps are connected.</p>
          <p>
            To connect an AI assistant, add Accord to it as a remote MCP server (a custom connector) with this address, then sign in and
            choose what it may do:
          </p>
          <code className="block w-full overflow-x-auto rounded-lg border border-border bg-muted px-3 py-2 font-mono text-foreground">
            {mcpUrl}
          </code>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Connected apps">
          {apps.data.items.map((app) => (
            <ConnectedAppRow key={app.clientId} app={app} />
          ))}
        </ul>
      )}
    </AccountSection>
  )
}

function ConnectedAppRow({ app }: { app: ConnectedApp }) {
  const queryClient = useQueryClient()
  const name = app.name ?? 'An unnamed app'
  const disconnect = async (): Promise<'stay' | void> => {
    try {
      await disconnectApp(app.clientId)
    } catch (err) {
      // Already gone (another tab, another device): the list is simply out of date.
      if (!(err instanceof ApiError && err.status === 404)) {
        toast.error('Could not disconnect the app', { description: failureMessage(err) })
        return 'stay'
      }
    }
    toast.success(`${name} was disconnected`, { description: 'It can no longer use your account.' })
    await queryClient.invalidateQueries({ queryKey: CONNECTED_APPS_QUERY_KEY })
  }
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="break-words font-medium text-foreground">{name}</p>
        {app.redirectHost ? <p className="break-words text-muted-foreground">Signs in through {app.redirectHost}</p> : null}
        <ul className="mt-1 list-disc pl-5 text-foreground" aria-label={`What ${name} may do`}>
          {app.scopes.map((scope) => (
            <li key={scope}>{MCP_SCOPE_WORDS[scope]}</li>
          ))}
        </ul>
        <p className="mt-1 text-muted-foreground">
          Connected {dateOf(app.connectedAt)} · {app.lastUsedAt ? `Last used ${dateOf(app.lastUsedAt)}` : 'Not used yet'}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-full sm:w-auto" aria-label={`Disconnect ${name}`}>
            Disconnect
          </Button>
        }
        title={`Disconnect ${name}?`}
        description={`${name} will no longer be able to use your Accord account. To use it again, you would connect it again from the app.`}
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        icon={Unplug}
        onConfirm={disconnect}
      />
    </li>
  )
}
