import { randomBytes } from 'node:crypto'
import { keepInDataDir } from '#server/local-state.ts'

const MIN_LENGTH = 32

/**
 * AUTH_SECRET when given; otherwise the secret kept in `${dataDir}/auth-secret`, generated on
 * first run (mode 0600) so sessions and the encrypted signing keys survive restarts.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured
  return keepInDataDir(dataDir, 'auth-secret', {
    make: () => {
      const value = randomBytes(32).toString('base64url')
      return { value, text: `${value}\n` }
    },
    read: (text, file) => {
      const secret = text.trim()
      if (secret.length < MIN_LENGTH) {
        throw new Error(`${file} holds fewer than ${MIN_LENGTH} characters; delete it to generate a new secret or set AUTH_SECRET`)
      }
      return secret
    },
  })
}
