import { cloneElement, useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react'

/** What a menu loaded on demand renders: its own Radix menu around the same trigger. */
export type OnDemandMenuProps = { trigger: ReactElement; defaultOpen: boolean }

type TriggerProps = {
  'aria-haspopup'?: 'menu'
  'aria-expanded'?: boolean
  onClick?: () => void
  onKeyDown?: (event: KeyboardEvent) => void
  onPointerEnter?: () => void
  onFocus?: () => void
}

type Load = () => Promise<ComponentType<OnDemandMenuProps>>

/** Each menu's code, asked for once (a load is a module-level function); forgotten if it failed. */
const loads = new WeakMap<Load, Promise<ComponentType<OnDemandMenuProps>>>()
function loadOnce(load: Load) {
  let loading = loads.get(load)
  if (!loading) {
    loading = load()
    loads.set(load, loading)
    loading.catch(() => loads.delete(load))
  }
  return loading
}

/**
 * A menu button whose menu (Radix's dropdown and its positioning, about 13 kB gzip) loads the
 * first time it is wanted, not with the page. The trigger is drawn at once, as a menu button
 * (aria-haspopup, aria-expanded); pointing at it or focusing it starts the load, and pressing it
 * (click, Enter, Space, or ArrowDown as a menu button opens) opens the menu once loaded. From then
 * on the loaded menu owns the trigger, with Radix's keyboard and focus handling.
 */
export function MenuOnDemand({ trigger, load }: { trigger: ReactElement<TriggerProps>; load: Load }) {
  const [Menu, setMenu] = useState<ComponentType<OnDemandMenuProps> | null>(null)
  const [opening, setOpening] = useState(false)
  const prefetch = () => void loadOnce(load).catch(() => undefined)
  const open = () => {
    // A second press while the menu's code is on its way is the same intent.
    if (opening) return
    setOpening(true)
    loadOnce(load).then(
      (loaded) => setMenu(() => loaded),
      // Offline before the menu ever loaded: the next press tries again.
      () => setOpening(false),
    )
  }
  if (Menu) return <Menu trigger={trigger} defaultOpen={opening} />
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault()
        open()
      }
    },
    onPointerEnter: prefetch,
    onFocus: prefetch,
  })
}
