/** Client tests' `virtual:pwa-register` (vitest.config.ts): the service worker is the build's; jsdom registers none. */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => {}
}
