import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '#client/lib/api-error.ts'
import { checkSession, getAuthConfig, getIdToken, signOut } from '#client/lib/auth-client.ts'
import { loadPage } from '#client/lib/load-page.ts'
import { currentUser } from '#client/lib/session.ts'

export interface SessionCheck {
  /** The session has ended on the server while this page still shows a signed-in user. */
  expired: boolean
  refreshing: boolean
  /** Forces a new token: hides the banner, or signs out and goes to / when that fails. */
  refresh: () => Promise<void>
}

/** Whether a failure means the session is gone (not, say, a dropped connection). */
const sessionEnded = (err: unknown) => err instanceof ApiError && err.status === 401

/** A full page load of / with nobody signed in: the landing page. */
async function leave(): Promise<void> {
  await signOut()
  loadPage('/')
}

/**
 * docs/product.md §4 "Session banner" and §9: the session is checked once when signed in (the
 * token the first reads need: no request of its own while one is fresh), then every
 * `sessionCheckIntervalMs` (GET /api/auth-config, 2 minutes by default) through the cookie, which
 * mints no token: the token is reused until near its expiry. A check the server refuses marks the
 * session expired; checks pause until the user refreshes.
 */
export function useSessionCheck(): SessionCheck {
  const [expired, setExpired] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const checkedOnSignIn = useRef(false)

  useEffect(() => {
    if (expired) return
    let stopped = false
    let timer: ReturnType<typeof setInterval> | undefined
    const check = async (onSignIn: boolean) => {
      try {
        const user = currentUser()
        if (onSignIn || !user) await getIdToken()
        else await checkSession(user.id)
      } catch (err) {
        if (!stopped && sessionEnded(err)) setExpired(true)
      }
    }
    void getAuthConfig().then(({ sessionCheckIntervalMs }) => {
      if (stopped) return
      if (!checkedOnSignIn.current) {
        checkedOnSignIn.current = true
        void check(true)
      }
      timer = setInterval(() => void check(false), sessionCheckIntervalMs)
    })
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [expired])

  const refresh = useCallback(async () => {
    setRefreshing(true)
    if (!currentUser()) return leave()
    try {
      await getIdToken({ forceRefresh: true })
    } catch {
      return leave()
    }
    setExpired(false)
    setRefreshing(false)
  }, [])

  return { expired, refreshing, refresh }
}
