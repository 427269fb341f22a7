// @ts-check
/// <reference lib="webworker" />
/**
 * Web push for reminders (decision 038), imported by the Workbox service worker (scripts/pwa.ts,
 * importScripts). A push carries { title, body, url, tag } (PushPayloadSchema in
 * src/shared/api/reminders.ts); a tap on the notification focuses an open Accord window at `url`
 * (a blend's add-test form) or opens one.
 */
;(() => {
  const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self))

  sw.addEventListener('push', (event) => {
    /** @type {{ title?: string, body?: string, url?: string, tag?: string }} */
    let data
    try {
      data = event.data ? event.data.json() : {}
    } catch {
      data = { body: event.data ? event.data.text() : '' }
    }
    const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/'
    event.waitUntil(
      sw.registration.showNotification(data.title || 'A blend is ready to test', {
        body: data.body || 'Tap to add a test entry.',
        tag: data.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url },
      }),
    )
  })

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const target = new URL(event.notification.data?.url || '/', sw.location.origin).href
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
        for (const client of windows) {
          if (new URL(client.url).origin === sw.location.origin && 'navigate' in client) {
            await client.focus()
            await client.navigate(target)
            return
          }
        }
        await sw.clients.openWindow(target)
      })(),
    )
  })
})()
