import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '#client/lib/api-error.ts'
import { getAuthConfig, getIdToken, signOut } from '#client/lib/auth-client.ts'
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
 * docs/product.md §4 "Session banner" and §9: the token is checked once when signed in, then every
 * `sessionCheckIntervalMs` (GET /api/auth-config, 2 minutes by default). A check the server
 * refuses marks the session expired; checks pause until the user refreshes.
 */
export function useSessionCheck(): SessionCheck {
  const [expired, setExpired] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const checkedOnSignIn = useRef(false)

  useEffect(() => {
    if (expired) return
    let stopped = false
    let timer: ReturnType<typeof setInterval> | undefined
    const check = async () => {
      try {
        await getIdToken({ forceRefresh: true })
      } catch (err) {
        if (!stopped && sessionEnded(err)) setExpired(true)
      }
    }
    void getAuthConfig().then(({ sessionCheckIntervalMs }) => {
      if (stopped) return
      if (!checkedOnSignIn.current) {
        checkedOnSignIn.current = true
        void check()
      }
      timer = setInterval(() => void check(), sessionCheckIntervalMs)
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
