import { CheckIcon } from 'lucide-react'
import { DropdownMenu as MenuPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '#client/lib/cn.ts'

/*
 * Radix DropdownMenu: opens with Enter, Space or ArrowDown on its trigger, arrow keys move between
 * items, type-ahead jumps, Escape closes and focus returns to the trigger. Give the trigger an
 * accessible name. For a link item use <DropdownMenuItem asChild><Link .../></DropdownMenuItem>.
 * Non-modal, as the WAI-ARIA menu button pattern is: an open menu does not hide the rest of the
 * page from assistive technology (Radix's modal mode would, with focusable parts inside it).
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger
export const DropdownMenuGroup = MenuPrimitive.Group

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...props }: ComponentProps<typeof MenuPrimitive.Content>) {
  // Not portalled: the open menu stays inside its trigger's landmark (the header), next to it in
  // reading order, as the menu button pattern has it.
  return (
    <MenuPrimitive.Content
      sideOffset={sideOffset}
      align={align}
      className={cn(
        'z-50 min-w-[12rem] overflow-hidden rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg',
        'max-h-(--radix-dropdown-menu-content-available-height) overflow-y-auto',
        // No exit animation: a closing menu that stayed mounted would take a quick press on its
        // trigger for a press outside, and close the menu that press just opened.
        'data-[state=open]:animate-pop-in motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'relative flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-foreground outline-none',
        'data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground data-[highlighted]:[&_svg]:text-primary',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
}

export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup

/** A menuitemradio: one choice of a DropdownMenuRadioGroup, checked when it is the group's value. */
export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem
      className={cn(
        'relative flex w-full cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-8 pl-2.5 text-sm text-foreground outline-none',
        'data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary',
        '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground data-[highlighted]:[&_svg]:text-primary',
        className,
      )}
      {...props}
    >
      {children}
      <span className="absolute right-2.5 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <CheckIcon aria-hidden="true" className="text-primary" />
        </MenuPrimitive.ItemIndicator>
      </span>
    </MenuPrimitive.RadioItem>
  )
}
