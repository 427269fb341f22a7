import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { dispatchAppEvent, NEW_BLEND_STATE, RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'

/**
 * docs/product.md §2: New Blend (and Home's Create New Blend) resets the blend draft to step 1, then goes
 * to /blend. The event resets a creator already on screen; the navigation state covers the one that
 * mounts next.
 */
export function useStartNewBlend(): () => void {
  const navigate = useNavigate()
  return useCallback(() => {
    dispatchAppEvent(RESET_BLEND_DRAFT_EVENT)
    void navigate('/blend', { state: NEW_BLEND_STATE })
  }, [navigate])
}
