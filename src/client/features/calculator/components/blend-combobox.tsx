import { useState } from 'react'
import type { BlendListItem } from '#shared/api/blend-list.ts'
import { Combobox } from '#client/components/ui/combobox.tsx'
import { itemsOf, useBlendPages } from '#client/lib/blend-queries.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'

/** Blends per page of the picker, and how long typing pauses before the search goes to the server. */
export const PICKER_PAGE_SIZE = 20
export const PICKER_DEBOUNCE_MS = 250

/** '001a Evening Calm': how the picker names a blend (its latest version's reference). */
export const blendLabel = (blend: Pick<BlendListItem, 'referenceNumber' | 'name'>) => `${blend.referenceNumber} ${blend.name}`

/**
 * The calculator's blend picker, on the app's one Combobox: typing searches the user's blends on
 * the server (name or any oil), a page at a time, and reaching the end of the list loads the next.
 */
export function BlendCombobox({
  id,
  selected,
  onSelect,
  describedBy,
}: {
  id: string
  selected: BlendListItem | null
  onSelect: (blend: BlendListItem | null) => void
  describedBy?: string
}) {
  const t = useMessages()
  const [text, setText] = useState(selected ? blendLabel(selected) : '')

  // The chosen blend's own label is not a search: the list then shows every blend.
  const typed = selected && text === blendLabel(selected) ? '' : text.trim()
  const debounced = useDebouncedValue(typed, PICKER_DEBOUNCE_MS)
  const q = typed === '' ? '' : debounced
  const pages = useBlendPages({ q, sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE })
  const searching = pages.isPending || pages.isPlaceholderData || typed !== q
  // Results of an earlier search are never offered: Enter must not pick what no longer matches.
  const items = searching ? [] : itemsOf(pages.data)
  const total = pages.data?.pages[0]?.counts.all ?? 0

  const status =
    pages.isError && items.length === 0
      ? t('calculator.picker.failed')
      : searching
        ? t('calculator.picker.searching')
        : items.length === 0
          ? q
            ? t('calculator.picker.noMatch', { q })
            : t('calculator.picker.none')
          : q
            ? t('calculator.picker.countMatching', { count: total, q })
            : t('calculator.picker.count', { count: total })

  return (
    <Combobox
      id={id}
      text={text}
      onTextChange={setText}
      items={items}
      itemKey={(blend) => blend.id}
      isSelected={(blend) => blend.id === selected?.id}
      onChoose={(blend) => {
        onSelect(blend)
        setText(blendLabel(blend))
      }}
      onClear={() => onSelect(null)}
      // Leaving without choosing puts back the chosen blend's name.
      onClose={() => selected && setText(blendLabel(selected))}
      status={status}
      busy={searching}
      loadingMore={pages.isFetchingNextPage}
      onEndReached={() => {
        if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage()
      }}
      listLabel={t('calculator.picker.list')}
      clearLabel={t('calculator.picker.clear')}
      showLabel={t('calculator.picker.show')}
      hideLabel={t('calculator.picker.hide')}
      placeholder={t('calculator.picker.placeholder')}
      describedBy={describedBy}
      renderItem={(blend) => {
        const [before, after] = aroundPlaceholder(t, 'calculator.picker.matchesReference', 'reference')
        return (
          <>
            <span className="shrink-0 font-mono text-xs text-muted-foreground">{blend.referenceNumber}</span>{' '}
            <span className="min-w-0 truncate">{blend.name}</span>
            {blend.matchedReference ? (
              <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                {before}
                <span className="font-mono">{blend.matchedReference}</span>
                {after}
              </span>
            ) : null}
          </>
        )
      }}
    />
  )
}
