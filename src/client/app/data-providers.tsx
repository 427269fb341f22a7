import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { TooltipProvider } from '#client/components/ui/tooltip.tsx'
import { queryClient as defaultQueryClient } from '#client/lib/query-client.ts'

/** The signed-in app's server-state cache (docs/product.md §9 defaults) and tooltip timing (700 ms). */
export function DataProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>{children}</TooltipProvider>
    </QueryClientProvider>
  )
}
