import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { queryClient as defaultQueryClient } from '#client/lib/query-client.ts'

/** The signed-in app's server-state cache (docs/product.md §9 defaults). */
export function DataProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient
}) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
