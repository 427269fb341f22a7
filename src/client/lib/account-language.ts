/**
 * The signed-in maker's language (docs/product.md "Languages", decision 093): the account's
 * setting wins over the device and the browser. Choosing in the account menu saves it with the
 * account (PUT /api/me/settings through the settings keeper) and shows it at once; the device
 * keeps a copy, so the next visit paints in it before the account is read.
 */
import { useEffect } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { rememberOnDevice } from '#client/lib/device-language.ts'
import { activateLanguage, chooseLanguage, currentLanguage } from '#client/lib/i18n.ts'
import { SETTINGS_QUERY_KEY } from '#client/lib/settings-query-key.ts'
import type { UserSettings } from '#shared/api/shelf.ts'
import type { Language } from '#shared/i18n/languages.ts'

/** Shows the language at once, then saves it with the account; a refused save shows the previous one again and throws. */
export async function chooseForAccount(queryClient: QueryClient, language: Language): Promise<void> {
  const previous = currentLanguage()
  await activateLanguage(language)
  try {
    const res = await apiRequest('PUT', '/api/me/settings', { language })
    queryClient.setQueryData(SETTINGS_QUERY_KEY, await readAs(res, 'UserSettings'))
    rememberOnDevice(language)
  } catch (error) {
    await activateLanguage(previous)
    throw error
  }
}

/**
 * In the signed-in shell: whenever the account's settings are read (the shelf, the account page,
 * the offline copy), their language (else the device's, the browser's, English) is shown and kept
 * on the device for the next visit. The shell asks for no read of its own: each signed-in page
 * load stays the requests it was (decision 093, "Not done yet").
 */
export function useAccountLanguage(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    // The cache is watched rather than queried, so the shell loads no query code of its own.
    const apply = () => {
      const settings = queryClient.getQueryData<UserSettings>(SETTINGS_QUERY_KEY)
      if (!settings) return
      const language = chooseLanguage(settings.language)
      if (settings.language) rememberOnDevice(settings.language)
      if (language !== currentLanguage()) void activateLanguage(language)
    }
    apply()
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === SETTINGS_QUERY_KEY[0]) apply()
    })
  }, [queryClient])
}
