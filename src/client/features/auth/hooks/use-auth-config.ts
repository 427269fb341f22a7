import { useEffect, useState } from 'react'
import type { AuthConfig } from '#shared/api/auth-codes.ts'
import { getAuthConfig } from '#client/lib/auth-client.ts'

/** The server's sign-in settings (GET /api/auth-config), or null until they arrive. */
export function useAuthConfig(): AuthConfig | null {
  const [config, setConfig] = useState<AuthConfig | null>(null)
  useEffect(() => {
    let live = true
    void getAuthConfig().then((c) => live && setConfig(c))
    return () => {
      live = false
    }
  }, [])
  return config
}
