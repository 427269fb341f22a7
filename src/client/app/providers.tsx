import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from '#client/components/ui/toast.tsx'
import { TooltipProvider } from '#client/components/ui/tooltip.tsx'
import { queryClient as defaultQueryClient } from '#client/lib/query-client.ts'

/** Everything the whole app shares: server-state cache, tooltip timing (700 ms) and the toaster. */
export function Providers({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
