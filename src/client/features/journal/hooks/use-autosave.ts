import { useCallback, useEffect, useRef, useState } from 'react'

/** docs/product.md §9: notes save 1 second after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 1000

/**
 * idle: nothing typed yet; pending: waiting for the typing to pause; saving; saved; kept: stored on
 * the device while offline, to be sent later (decision 029); failed: the last save did not go
 * through (docs/product.md "Spec defects we fix": a quiet "Not saved, retry", the text kept).
 */
export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'kept' | 'failed'

/** What a save resolves to when the change was kept on the device rather than sent (decision 029). */
export const KEPT_ON_DEVICE = Object.freeze({ keptOnDevice: true as const })

/**
 * Saves the latest value `delayMs` after the last change, one save at a time and in order. A
 * change still waiting when the component goes away is saved then, so leaving early loses nothing.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DELAY_MS) {
  const [status, setStatus] = useState<AutosaveStatus>('idle')
  const saveRef = useRef(save)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const unsaved = useRef<{ value: T } | null>(null)
  const queue = useRef<Promise<void>>(Promise.resolve())
  const ticket = useRef(0)

  useEffect(() => {
    saveRef.current = save
  }, [save])

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current)
    timer.current = null
    const change = unsaved.current
    if (!change) return
    const mine = ++ticket.current
    setStatus('saving')
    queue.current = queue.current
      .then(() => saveRef.current(change.value))
      .then(
        (result) => {
          if (unsaved.current === change) unsaved.current = null
          if (mine === ticket.current) setStatus(result === KEPT_ON_DEVICE ? 'kept' : 'saved')
        },
        (error: unknown) => {
          console.warn('Autosave failed', error)
          if (mine === ticket.current) setStatus('failed')
        },
      )
  }, [])

  const change = useCallback(
    (value: T) => {
      unsaved.current = { value }
      ticket.current += 1
      setStatus('pending')
      if (timer.current !== null) clearTimeout(timer.current)
      timer.current = setTimeout(flush, delayMs)
    },
    [delayMs, flush],
  )

  /** Drops a change still waiting (the field now holds something that must not be saved). */
  const cancel = useCallback(() => {
    if (timer.current === null) return
    clearTimeout(timer.current)
    timer.current = null
    unsaved.current = null
    ticket.current += 1
    setStatus('idle')
  }, [])

  useEffect(() => {
    return () => {
      if (timer.current !== null) flush()
    }
  }, [flush])

  return { status, change, retry: flush, cancel }
}
