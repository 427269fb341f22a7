import { useQueryClient } from '@tanstack/react-query'
import { Unplug } from 'lucide-react'
import type { ConnectedApp } from '#shared/api/connected-apps.ts'
import { MCP_PATH } from '#shared/api/oauth-paths.ts'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { toast } from '#client/components/ui/toast.tsx'
import { CONNECTED_APPS_QUERY_KEY, disconnectApp, useConnectedApps } from '#client/features/account/api/connected-apps.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(currentLanguage(), { day: 'numeric', month: 'short', year: 'numeric' })

/** The catalogs' id of what each scope allows (the words of MCP_SCOPE_WORDS, #shared/api/mcp-scopes.ts). */
const SCOPE_WORDS: Readonly<Record<McpScope, string>> = {
  'journal:read': 'account.apps.scope.journalRead',
  'journal:write': 'account.apps.scope.journalWrite',
  'shelf:read': 'account.apps.scope.shelfRead',
  'shelf:write': 'account.apps.scope.shelfWrite',
}

/**
 * "Connected apps" (docs/product.md, "Connect an AI assistant"; decision 046): each AI assistant
 * the maker allowed, what it may do, when it was connected and last used, and Disconnect (after a
 * confirmation; its access ends at once). Empty, it says how to connect one.
 */
export function ConnectedAppsSection() {
  const t = useMessages()
  const apps = useConnectedApps()
  const mcpUrl = `${window.location.origin}${MCP_PATH}`
  return (
    <AccountSection title={t('account.apps.title')} description={t('account.apps.description')}>
      {apps.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('account.apps.loading')} />
        </div>
      ) : apps.isError ? (
        <LoadError message={failureMessage(t, apps.error)} error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.items.length === 0 ? (
        <div className="grid gap-2 text-sm text-muted-foreground">
          <p>{t('account.apps.none')}</p>
          <p>{t('account.apps.howToConnect')}</p>
          <code className="block w-full overflow-x-auto rounded-lg border border-border bg-muted px-3 py-2 font-mono text-foreground">
            {mcpUrl}
          </code>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label={t('account.apps.title')}>
          {apps.data.items.map((app) => (
            <ConnectedAppRow key={app.clientId} app={app} />
          ))}
        </ul>
      )}
    </AccountSection>
  )
}

function ConnectedAppRow({ app }: { app: ConnectedApp }) {
  const t = useMessages()
  const queryClient = useQueryClient()
  const name = app.name ?? t('account.apps.unnamed')
  const disconnect = async (): Promise<'stay' | void> => {
    try {
      await disconnectApp(app.clientId)
    } catch (err) {
      // Already gone (another tab, another device): the list is simply out of date.
      if (!(err instanceof ApiError && err.status === 404)) {
        toast.error(t('account.apps.disconnectFailed'), { description: failureMessage(t, err) })
        return 'stay'
      }
    }
    toast.success(t('account.apps.disconnected', { name }), { description: t('account.apps.disconnectedDescription') })
    await queryClient.invalidateQueries({ queryKey: CONNECTED_APPS_QUERY_KEY })
  }
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="break-words font-medium text-foreground">{name}</p>
        {app.redirectHost ? (
          <p className="break-words text-muted-foreground">{t('account.apps.signsInThrough', { host: app.redirectHost })}</p>
        ) : null}
        <ul className="mt-1 list-disc pl-5 text-foreground" aria-label={t('account.apps.mayDo', { name })}>
          {app.scopes.map((scope) => (
            <li key={scope}>{t(SCOPE_WORDS[scope])}</li>
          ))}
        </ul>
        <p className="mt-1 text-muted-foreground">
          {t('account.apps.connected', { date: dateOf(app.connectedAt) })} ·{' '}
          {app.lastUsedAt ? t('account.apps.lastUsed', { date: dateOf(app.lastUsedAt) }) : t('account.apps.notUsed')}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button wraps variant="outline" className="w-full sm:w-auto" aria-label={t('account.apps.disconnectName', { name })}>
            {t('account.apps.disconnect')}
          </Button>
        }
        title={t('account.apps.confirmTitle', { name })}
        description={t('account.apps.confirmDescription', { name })}
        confirmLabel={t('account.apps.disconnect')}
        pendingLabel={t('account.apps.disconnecting')}
        icon={Unplug}
        onConfirm={disconnect}
      />
    </li>
  )
}
