import { CheckIcon, ChevronDownIcon } from 'lucide-react'
import { Popover as PopoverPrimitive } from 'radix-ui'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type RefObject,
  type ReactNode,
} from 'react'
import { cn } from '#client/lib/cn.ts'

/*
 * A select in the WAI-ARIA "select-only combobox" pattern: the trigger is a combobox that keeps
 * focus and points at the highlighted option with aria-activedescendant. It opens with Enter,
 * Space, the arrow keys or a typed letter; arrows, Home, End and type-ahead move; Enter, Space or
 * Tab picks; Escape closes. The list pops up non-modally (decision 028): unlike Radix Select, it
 * does not hide the rest of the page from assistive technology. Give the trigger an accessible
 * name (a <Label htmlFor> pointing at its id, or aria-label).
 */

interface SelectContextValue {
  value: string
  disabled: boolean
  open: boolean
  setOpen: (open: boolean) => void
  choose: (value: string) => void
  active: string | null
  setActive: (value: string | null) => void
  labels: ReadonlyMap<string, string>
  registerLabel: (value: string, label: string) => void
  listboxId: string
  container: HTMLElement | null
}

const SelectContext = createContext<SelectContextValue | null>(null)
/** The trigger and the open list, apart from the state (refs are read in handlers only). */
const SelectRefsContext = createContext<{
  triggerRef: RefObject<HTMLButtonElement | null>
  listRef: RefObject<HTMLDivElement | null>
} | null>(null)
/** True inside the open list; false inside the hidden copy that tells the trigger each option's label. */
const InListContext = createContext(false)

function useSelect(): SelectContextValue {
  const context = useContext(SelectContext)
  if (!context) throw new Error('Select parts must sit inside <Select>')
  return context
}

function useSelectRefs() {
  const context = useContext(SelectRefsContext)
  if (!context) throw new Error('Select parts must sit inside <Select>')
  return context
}

const optionId = (listboxId: string, value: string) => `${listboxId}-${encodeURIComponent(value)}`

export function Select({
  value,
  onValueChange,
  disabled = false,
  children,
}: {
  value: string
  onValueChange: (value: string) => void
  disabled?: boolean
  children: ReactNode
}) {
  const [open, setOpenState] = useState(false)
  const [container, setContainer] = useState<HTMLElement | null>(null)
  const [active, setActive] = useState<string | null>(null)
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map())
  const listboxId = useId()
  const [refs] = useState(() => ({
    triggerRef: { current: null } as RefObject<HTMLButtonElement | null>,
    listRef: { current: null } as RefObject<HTMLDivElement | null>,
  }))
  const registerLabel = useCallback((option: string, label: string) => {
    setLabels((current) => (current.get(option) === label ? current : new Map(current).set(option, label)))
  }, [])
  const setOpen = (next: boolean) => {
    if (next && disabled) return
    // The list joins the trigger's dialog, or the page's main landmark, so it sits in a landmark
    // (and is not hidden by a modal dialog's aria-hidden on the rest of the page).
    if (next) setContainer(refs.triggerRef.current?.closest<HTMLElement>('[role="dialog"], main') ?? null)
    setOpenState(next)
    setActive(next ? value || null : null)
  }
  const choose = (next: string) => {
    setOpen(false)
    if (next !== value) onValueChange(next)
  }
  return (
    <SelectContext.Provider
      value={{ value, disabled, open, setOpen, choose, active, setActive, labels, registerLabel, listboxId, container }}
    >
      <SelectRefsContext.Provider value={refs}>
        <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
          {children}
        </PopoverPrimitive.Root>
      </SelectRefsContext.Provider>
    </SelectContext.Provider>
  )
}

/** The options' values in list order, skipping disabled ones. */
function optionValues(list: HTMLElement | null): string[] {
  if (!list) return []
  return [...list.querySelectorAll<HTMLElement>('[role="option"]:not([aria-disabled="true"])')].map((el) => el.dataset.value ?? '')
}

function useTypeahead() {
  const buffer = useRef({ text: '', at: 0 })
  return (key: string, labels: ReadonlyMap<string, string>, values: string[], from: string | null): string | null => {
    const now = Date.now()
    buffer.current = { text: (now - buffer.current.at < 700 ? buffer.current.text : '') + key.toLowerCase(), at: now }
    const { text } = buffer.current
    // A repeated letter cycles through the options that start with it.
    const search = text.split('').every((c) => c === text[0]) ? text[0]! : text
    const start = from === null ? -1 : values.indexOf(from)
    const ordered = [...values.slice(start + 1), ...values.slice(0, start + 1)]
    const matches = (v: string) => (labels.get(v) ?? '').toLowerCase().startsWith(search)
    return (search === text ? values.find(matches) : undefined) ?? ordered.find(matches) ?? null
  }
}

export function SelectTrigger({ className, children, onKeyDown, onClick, ...props }: ComponentProps<'button'>) {
  const select = useSelect()
  const { triggerRef, listRef } = useSelectRefs()
  const typeahead = useTypeahead()
  const { open, active, listboxId } = select

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || select.disabled) return
    const values = open ? optionValues(listRef.current) : [...select.labels.keys()]
    const index = active === null ? -1 : values.indexOf(active)
    const move = (next: string | undefined | null) => {
      if (next === undefined || next === null) return
      if (!open) select.setOpen(true)
      select.setActive(next)
    }
    const { key } = event
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        event.preventDefault()
        select.setOpen(true)
      } else if (key === 'Home' || key === 'End') {
        event.preventDefault()
        select.setOpen(true)
        select.setActive((key === 'Home' ? values[0] : values.at(-1)) ?? null)
      } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault()
        move(typeahead(key, select.labels, values, select.value || null))
      }
      return
    }
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[key]
    if (step !== undefined && !(key === 'ArrowUp' && event.altKey)) {
      event.preventDefault()
      move(values[Math.max(0, Math.min(values.length - 1, index === -1 ? (step > 0 ? 0 : values.length - 1) : index + step))])
    } else if (key === 'Home' || key === 'End') {
      event.preventDefault()
      move(key === 'Home' ? values[0] : values.at(-1))
    } else if (key === 'Enter' || key === ' ' || (key === 'ArrowUp' && event.altKey)) {
      event.preventDefault()
      if (active !== null) select.choose(active)
      else select.setOpen(false)
    } else if (key === 'Escape') {
      event.preventDefault()
      select.setOpen(false)
    } else if (key === 'Tab') {
      // Tab picks the highlighted option and moves on, as a native select does.
      if (active !== null) select.choose(active)
      else select.setOpen(false)
    } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault()
      move(typeahead(key, select.labels, values, active))
    }
  }

  return (
    <PopoverPrimitive.Anchor asChild>
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open && active !== null ? optionId(listboxId, active) : undefined}
        disabled={select.disabled}
        data-state={open ? 'open' : 'closed'}
        className={cn(
          'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 py-2',
          'text-left text-sm text-foreground data-[placeholder]:text-muted-foreground',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
          '[&>span]:truncate',
          className,
        )}
        onKeyDown={handleKeyDown}
        onClick={(event) => {
          onClick?.(event)
          if (!event.defaultPrevented) select.setOpen(!open)
        }}
        {...props}
      >
        {children}
        <ChevronDownIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </button>
    </PopoverPrimitive.Anchor>
  )
}

/** The chosen option's label on the trigger, or the placeholder when nothing is chosen. */
export function SelectValue({ placeholder }: { placeholder?: string }) {
  const { value, labels } = useSelect()
  const label = value ? labels.get(value) : undefined
  return <span data-placeholder={label === undefined ? '' : undefined}>{label ?? placeholder ?? ''}</span>
}

/** The list of options. Closed, the options stay rendered but hidden, so the trigger knows their labels. */
export function SelectContent({ className, children }: { className?: string; children: ReactNode }) {
  const select = useSelect()
  const { triggerRef, listRef } = useSelectRefs()
  const [name, setName] = useState<string | undefined>()
  useLayoutEffect(() => {
    const trigger = triggerRef.current
    if (select.open && trigger) setName(trigger.getAttribute('aria-label') ?? trigger.labels?.[0]?.textContent ?? undefined)
  }, [select.open, triggerRef])
  if (!select.open) return <div hidden>{children}</div>
  return (
    <PopoverPrimitive.Portal container={select.container}>
      <PopoverPrimitive.Content
        align="start"
        sideOffset={4}
        // Radix calls its popup a dialog; this one only holds the listbox.
        role="presentation"
        // Focus stays on the combobox (aria-activedescendant names the highlighted option).
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (triggerRef.current?.contains(event.target as Node)) event.preventDefault()
        }}
        className={cn(
          'z-50 min-w-(--radix-popover-trigger-width) overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-lg',
          'data-[state=open]:animate-pop-in motion-reduce:animate-none',
        )}
      >
        <div
          ref={listRef}
          id={select.listboxId}
          role="listbox"
          aria-label={name}
          tabIndex={-1}
          // A press on the list must not take focus from the combobox.
          onMouseDown={(event) => event.preventDefault()}
          className={cn('max-h-[min(24rem,var(--radix-popover-content-available-height))] overflow-y-auto p-1', className)}
        >
          <InListContext.Provider value={true}>{children}</InListContext.Provider>
        </div>
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  )
}

export function SelectItem({
  value,
  disabled = false,
  className,
  children,
}: {
  value: string
  disabled?: boolean
  className?: string
  children: ReactNode
}) {
  const select = useSelect()
  const inList = useContext(InListContext)
  const ref = useRef<HTMLDivElement>(null)
  const { registerLabel } = select
  const highlighted = inList && select.active === value
  useLayoutEffect(() => {
    registerLabel(value, ref.current?.textContent ?? '')
  })
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [highlighted])
  const selected = select.value === value
  return (
    <div
      ref={ref}
      id={inList ? optionId(select.listboxId, value) : undefined}
      role="option"
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      data-value={value}
      data-highlighted={highlighted ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      className={cn(
        'relative flex w-full cursor-pointer select-none items-center rounded-md py-2 pr-8 pl-2 text-sm outline-none',
        'data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      onPointerMove={() => {
        if (!disabled && select.active !== value) select.setActive(value)
      }}
      onClick={() => {
        if (!disabled) select.choose(value)
      }}
    >
      {children}
      {selected ? (
        <span className="absolute right-2 flex size-4 items-center justify-center">
          <CheckIcon aria-hidden="true" className="size-4" />
        </span>
      ) : null}
    </div>
  )
}
