import { ChevronDown, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { BlendListItem } from '#shared/api/blend-list.ts'
import { itemsOf, useBlendPages } from '#client/lib/blend-queries.ts'
import { cn } from '#client/lib/cn.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'

/** Blends per page of the picker, and how long typing pauses before the search goes to the server. */
export const PICKER_PAGE_SIZE = 20
export const PICKER_DEBOUNCE_MS = 250

/** '001a Evening Calm': how the picker names a blend (its latest version's reference). */
export const blendLabel = (blend: Pick<BlendListItem, 'referenceNumber' | 'name'>) => `${blend.referenceNumber} ${blend.name}`

/**
 * The calculator's blend picker: a combobox with a list popup (WAI-ARIA APG, "list autocomplete
 * with manual selection"). Typing searches the user's blends on the server (name or any oil), a
 * page at a time; Down and Up move through the results (Down opens the list), Enter chooses,
 * Escape closes the list (or, closed, clears the text), and reaching the end loads the next page.
 * Focus stays in the text field; the active option is announced through aria-activedescendant.
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
  const listId = useId()
  const statusId = useId()
  const [text, setText] = useState(selected ? blendLabel(selected) : '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listRef = useRef<HTMLUListElement>(null)
  const input = useRef<HTMLInputElement>(null)

  // The chosen blend's own label is not a search: the list then shows every blend.
  const typed = selected && text === blendLabel(selected) ? '' : text.trim()
  const debounced = useDebouncedValue(typed, PICKER_DEBOUNCE_MS)
  const q = typed === '' ? '' : debounced
  const pages = useBlendPages({ q, sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE })
  const searching = pages.isPending || pages.isPlaceholderData || typed !== q
  // Results of an earlier search are never offered: Enter must not pick what no longer matches.
  const items = searching ? [] : itemsOf(pages.data)
  const total = pages.data?.pages[0]?.counts.all ?? 0

  const optionId = (index: number) => `${listId}-option-${index}`

  useEffect(() => {
    if (active < 0) return
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' })
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  function loadMoreIfAtEnd(index: number) {
    if (index >= items.length - 1 && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage()
  }

  function choose(blend: BlendListItem) {
    onSelect(blend)
    setText(blendLabel(blend))
    setOpen(false)
    setActive(-1)
  }

  /** Leaving without choosing puts back the chosen blend's name. */
  function close() {
    setOpen(false)
    setActive(-1)
    if (selected) setText(blendLabel(selected))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) {
        setOpen(true)
        const current = selected ? items.findIndex((b) => b.id === selected.id) : -1
        setActive(current >= 0 ? current : items.length > 0 ? 0 : -1)
        return
      }
      const next = Math.min(active + 1, items.length - 1)
      setActive(next)
      loadMoreIfAtEnd(next)
    } else if (event.key === 'ArrowUp') {
      if (!open) return
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      const blend = open && active >= 0 ? items[active] : undefined
      if (blend) {
        event.preventDefault()
        choose(blend)
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault()
        close()
      } else if (text) {
        event.preventDefault()
        setText('')
        onSelect(null)
      }
    }
  }

  const status = !open
    ? ''
    : pages.isError && items.length === 0
      ? 'Your blends could not be loaded just now.'
      : searching
        ? 'Searching...'
        : items.length === 0
          ? q
            ? `No blends match "${q}".`
            : 'No blends yet.'
          : `${total.toLocaleString()} ${total === 1 ? 'blend' : 'blends'}${q ? ` ${total === 1 ? 'matches' : 'match'} "${q}"` : ''}`

  return (
    <div className="relative">
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search your blends by name or oil"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cn(
          'flex h-10 w-full min-w-0 rounded-lg border border-input bg-card py-2 pr-16 pl-3 text-base text-foreground sm:text-sm',
          'placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        )}
      />
      <div className="absolute inset-y-0 right-1 flex items-center gap-0.5">
        {text ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label="Clear blend"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setText('')
              onSelect(null)
              setOpen(true)
              input.current?.focus()
            }}
            className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? 'Close the list of blends' : 'Show the list of blends'}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close()
            else setOpen(true)
            input.current?.focus()
          }}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </div>
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-lg"
      >
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Blends"
          aria-busy={searching || pages.isFetchingNextPage}
          onMouseDown={(event) => event.preventDefault()}
          onScroll={(event) => {
            const list = event.currentTarget
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - 48) loadMoreIfAtEnd(items.length - 1)
          }}
          className={cn('max-h-72 overflow-y-auto p-1', items.length === 0 && 'hidden')}
        >
          {items.map((blend, index) => (
            <li
              key={blend.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => choose(blend)}
              onMouseMove={() => index !== active && setActive(index)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-primary-soft text-foreground',
                selected?.id === blend.id && 'font-semibold',
              )}
            >
              <span className="shrink-0 font-mono text-xs text-muted-foreground">{blend.referenceNumber}</span>{' '}
              <span className="min-w-0 truncate">{blend.name}</span>
              {blend.matchedReference ? (
                <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                  matches <span className="font-mono">{blend.matchedReference}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {open && (items.length === 0 || pages.isFetchingNextPage || (pages.isError && items.length === 0)) ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-muted-foreground">
            {pages.isFetchingNextPage ? 'Loading more...' : status}
          </p>
        ) : null}
      </div>
    </div>
  )
}
