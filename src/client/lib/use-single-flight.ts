import { useCallback, useRef } from 'react'

/**
 * One press, one request: `run(task)` starts the task unless one started by this component is still
 * in flight, in which case the press is ignored (run returns null). The flag is a ref set in the
 * same handler, so the second click of a fast double click sees it before React re-renders;
 * `disabled={isPending}` alone only holds from the next render on. Release comes when the task's
 * promise settles, whether it fulfils or rejects.
 */
export function useSingleFlight(): <T>(task: () => Promise<T>) => Promise<T> | null {
  const inFlight = useRef(false)
  return useCallback(<T>(task: () => Promise<T>): Promise<T> | null => {
    if (inFlight.current) return null
    inFlight.current = true
    const release = () => {
      inFlight.current = false
    }
    let promise: Promise<T>
    try {
      promise = task()
    } catch (err) {
      release()
      throw err
    }
    promise.then(release, release)
    return promise
  }, [])
}
