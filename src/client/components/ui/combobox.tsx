import { ChevronDown, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '#client/lib/cn.ts'
import '#client/lib/ui-words.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The app's one combobox (decision 042): a text field with a list popup, for a list to search as
 * one types (WAI-ARIA APG, "list autocomplete with manual selection"). The caller owns the text,
 * the search and the items; this owns the list's opening and the active option. Down and Up move
 * through the items (Down opens the list), Enter chooses, Escape closes the list (or, closed,
 * clears the text), and reaching the end asks for more. Focus stays in the text field; the active
 * option is announced through aria-activedescendant, and `status` (what the list holds, read
 * while it is open) through a live region. Give the field a <Label htmlFor={id}>.
 * For a short fixed list, use Select (select.tsx).
 */
export function Combobox<T>({
  id,
  text,
  onTextChange,
  items,
  itemKey,
  renderItem,
  isSelected,
  onChoose,
  onClear,
  onClose,
  status,
  busy = false,
  loadingMore = false,
  onEndReached,
  listLabel,
  clearLabel,
  showLabel,
  hideLabel,
  placeholder,
  describedBy,
}: {
  id: string
  text: string
  onTextChange: (text: string) => void
  items: readonly T[]
  itemKey: (item: T) => string | number
  renderItem: (item: T) => ReactNode
  /** The item chosen now: marked in the list, and where Down starts. */
  isSelected: (item: T) => boolean
  onChoose: (item: T) => void
  /** The text was cleared (Escape on a closed list, or the clear button): nothing is chosen. */
  onClear: () => void
  /** The list closed without a choice (Escape, or focus left): put back the chosen item's text. */
  onClose?: () => void
  /** What the open list holds ("12 blends", "Searching..."), announced politely. */
  status: string
  /** The items are being looked for: nothing is offered yet. */
  busy?: boolean
  /** A further page of items is on its way. */
  loadingMore?: boolean
  /** The active option or the scroll reached the last item: load more if there are more. */
  onEndReached?: () => void
  /** The list's accessible name ("Blends"). */
  listLabel: string
  /** The clear button's name ("Clear blend"). */
  clearLabel: string
  /** The toggle button's names, list closed and open. */
  showLabel: string
  hideLabel: string
  placeholder?: string
  describedBy?: string
}) {
  const t = useMessages()
  const listId = useId()
  const statusId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const input = useRef<HTMLInputElement>(null)

  const optionId = (index: number) => `${listId}-option-${index}`

  useEffect(() => {
    if (active < 0) return
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' })
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active])

  function endReachedAt(index: number) {
    if (index >= items.length - 1) onEndReached?.()
  }

  function choose(item: T) {
    onChoose(item)
    setOpen(false)
    setActive(-1)
  }

  function close() {
    setOpen(false)
    setActive(-1)
    onClose?.()
  }

  function clear() {
    onTextChange('')
    onClear()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) {
        setOpen(true)
        const current = items.findIndex(isSelected)
        setActive(current >= 0 ? current : items.length > 0 ? 0 : -1)
        return
      }
      const next = Math.min(active + 1, items.length - 1)
      setActive(next)
      endReachedAt(next)
    } else if (event.key === 'ArrowUp') {
      if (!open) return
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      const item = open && active >= 0 ? items[active] : undefined
      if (item !== undefined) {
        event.preventDefault()
        choose(item)
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault()
        close()
      } else if (text) {
        event.preventDefault()
        clear()
      }
    }
  }

  const shown = open ? status : ''

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
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value)
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
            aria-label={clearLabel}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              clear()
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
          aria-label={open ? hideLabel : showLabel}
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
        {shown}
      </p>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-lg"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          aria-busy={busy || loadingMore}
          onMouseDown={(event) => event.preventDefault()}
          onScroll={(event) => {
            const list = event.currentTarget
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - 48) endReachedAt(items.length - 1)
          }}
          className={cn('max-h-72 overflow-y-auto p-1', items.length === 0 && 'hidden')}
        >
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onClick={() => choose(item)}
              onMouseMove={() => index !== active && setActive(index)}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-primary-soft text-foreground',
                isSelected(item) && 'font-semibold',
              )}
            >
              {renderItem(item)}
            </li>
          ))}
        </ul>
        {open && (items.length === 0 || loadingMore) ? (
          <p aria-hidden="true" className="px-3 py-2 text-sm text-muted-foreground">
            {loadingMore ? t('ui.loadingMore') : shown}
          </p>
        ) : null}
      </div>
    </div>
  )
}
