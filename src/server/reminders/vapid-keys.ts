import webpush from 'web-push'
import { keepInDataDir } from '#server/local-state.ts'

export type VapidKeys = { publicKey: string; privateKey: string }

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given; otherwise the pair kept in
 * `${dataDir}/vapid-keys.json`, generated on first start like the auth secret, so the browsers'
 * subscriptions keep working across restarts.
 */
export function resolveVapidKeys(configured: VapidKeys | null, dataDir: string): VapidKeys {
  if (configured) return configured
  return keepInDataDir(dataDir, 'vapid-keys.json', {
    make: () => {
      const value = webpush.generateVAPIDKeys()
      return { value, text: `${JSON.stringify(value)}\n` }
    },
    read: (text, file) => {
      const parsed = JSON.parse(text) as Partial<VapidKeys>
      if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
        throw new Error(`${file} is not a VAPID key pair; delete it to generate a new one or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`)
      }
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
    },
  })
}
