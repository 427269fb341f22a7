import { useState } from 'react'
import { allergenById, searchAllergens, type AllergenEntry } from '#shared/domain/eu-allergens.ts'
import { Combobox } from '#client/components/ui/combobox.tsx'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * One row's allergen, on the app's one Combobox: typing searches the Annex III entries by name,
 * INCI name or CAS number (all 81 are in the page, so nothing is asked of the server).
 */
export function AllergenCombobox({
  id,
  entryId,
  onChange,
  describedBy,
}: {
  id: string
  entryId: string
  onChange: (entryId: string) => void
  describedBy?: string
}) {
  const t = useMessages()
  const chosen = allergenById(entryId) ?? null
  const [text, setText] = useState(chosen?.name ?? '')
  // The chosen entry's own name is not a search: the list then shows every entry.
  const query = chosen && text === chosen.name ? '' : text.trim()
  const items = searchAllergens(query)
  const status =
    items.length === 0
      ? t('shelf.allergen.noMatch', { query })
      : query
        ? t('shelf.allergen.matches', { count: items.length, query })
        : t('shelf.allergen.count', { count: items.length })

  return (
    <Combobox<AllergenEntry>
      id={id}
      text={text}
      onTextChange={setText}
      items={items}
      itemKey={(entry) => entry.id}
      isSelected={(entry) => entry.id === entryId}
      onChoose={(entry) => {
        onChange(entry.id)
        setText(entry.name)
      }}
      onClear={() => onChange('')}
      onClose={() => chosen && setText(chosen.name)}
      status={status}
      listLabel={t('shelf.allergen.list')}
      clearLabel={t('shelf.allergen.clear')}
      showLabel={t('shelf.allergen.show')}
      hideLabel={t('shelf.allergen.hide')}
      placeholder={t('shelf.allergen.placeholder')}
      describedBy={describedBy}
      renderItem={(entry) => (
        <>
          <span className="min-w-0 truncate">{entry.name}</span>
          {entry.cas[0] ? <span className="ml-auto shrink-0 font-mono text-xs text-muted-foreground">{entry.cas[0]}</span> : null}
        </>
      )}
    />
  )
}
