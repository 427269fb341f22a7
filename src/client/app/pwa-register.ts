/// <reference types="vite-plugin-pwa/client" />
import { i18n } from '@lingui/core'
import { registerSW } from 'virtual:pwa-register'
import { toast } from '#client/components/ui/toast.tsx'

/**
 * Registers the service worker (decision 029) from this bundled module, loaded by the signed-in
 * shell once the page is idle: the CSP allows no inline script, and the landing page's JavaScript
 * stays within its budget. A new version waits (registerType 'prompt') until the user chooses
 * Reload, so nothing changes under a half-typed note. The toast is in the interface's language
 * (issue 37): its words are in the entry's catalog, as the offline indicator's are.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.message(i18n._('update.title'), {
        id: 'app-update',
        description: i18n._('update.text'),
        duration: Infinity,
        action: { label: i18n._('update.reload'), onClick: () => void updateServiceWorker(true) },
      })
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker did not register: Accord works, but not offline.', error)
    },
  })
}
