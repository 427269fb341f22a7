import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '#client/components/ui/toast.tsx'
import { GOOGLE_RETURN } from '#client/lib/google-return.ts'

/**
 * After a Google sign-in the identity service sends the browser to /?welcome=back (or =new for a
 * new account): greet as the email forms do (docs/product.md §8), then drop the parameter from the address.
 */
export function useWelcomeToast() {
  const location = useLocation()
  const navigate = useNavigate()
  const welcome = new URLSearchParams(location.search).get(GOOGLE_RETURN.welcome)
  const greeted = useRef<string | null>(null)

  useEffect(() => {
    if (!welcome || greeted.current === location.key) return
    greeted.current = location.key
    toast.success(welcome === 'new' ? 'Welcome to Accord!' : 'Welcome back!')
    const params = new URLSearchParams(location.search)
    params.delete(GOOGLE_RETURN.welcome)
    const search = params.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true })
  }, [welcome, location.key, location.pathname, location.search, location.hash, navigate])
}
