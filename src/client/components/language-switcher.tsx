import { useId } from 'react'
import { Select } from '#client/components/ui/select.tsx'
import { LANGUAGE_SWITCHER_ATTRIBUTE } from '#client/lib/device-language.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { cn } from '#client/lib/cn.ts'
import { languageOf, type Language } from '#shared/i18n/languages.ts'
import { LanguageOptions } from '#client/components/language-options.tsx'

/**
 * The language switcher (docs/product.md "Languages"): the browser's own select, labelled
 * "Language" in the language shown, each language named in itself (English, Deutsch, Français,
 * Español, Italiano). What a choice does is the caller's: the landing page keeps it on the device,
 * the account menu saves it with the account.
 */
export function LanguageSwitcher({
  value,
  onChange,
  className,
  labelClassName,
}: {
  value: Language
  onChange: (language: Language) => void
  className?: string
  labelClassName?: string
}) {
  const _ = useMessages()
  const id = useId()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-muted-foreground', labelClassName)}>
        {_('language.label')}
      </label>
      <Select
        id={id}
        value={value}
        {...{ [LANGUAGE_SWITCHER_ATTRIBUTE]: '' }}
        onChange={(event) => {
          const language = languageOf(event.target.value)
          if (language) onChange(language)
        }}
      >
        <LanguageOptions />
      </Select>
    </div>
  )
}
