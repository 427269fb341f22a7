/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register'
import { toast } from '#client/components/ui/toast.tsx'

export const UPDATE_TOAST_TITLE = 'New version available'

/**
 * Registers the service worker (decision 029) from this bundled module, loaded by the signed-in
 * shell once the page is idle: the CSP allows no inline script, and the landing page's JavaScript
 * stays within its budget. A new version waits (registerType 'prompt') until the user chooses
 * Reload, so nothing changes under a half-typed note.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.message(UPDATE_TOAST_TITLE, {
        id: 'app-update',
        description: 'Reload when you are ready: what you have saved is kept.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      })
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker did not register: Accord works, but not offline.', error)
    },
  })
}
