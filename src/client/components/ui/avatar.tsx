import { Avatar as AvatarPrimitive } from 'radix-ui'
import { cn } from '#client/lib/cn.ts'

/**
 * docs/product.md §2: the avatar shows the photo, else the first letter of the display name, else the first
 * letter of the e-mail, else 'U'.
 */
export function avatarLetter({ displayName, email }: { displayName?: string | null; email?: string | null }): string {
  const source = displayName?.trim() || email?.trim() || 'U'
  // Array.from keeps a letter outside the Basic Multilingual Plane whole.
  return (Array.from(source)[0] ?? 'U').toUpperCase()
}

export function Avatar({
  photoURL,
  displayName,
  email,
  className,
}: {
  photoURL?: string | null
  displayName?: string | null
  email?: string | null
  className?: string
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft',
        className,
      )}
    >
      {photoURL ? <AvatarPrimitive.Image src={photoURL} alt="" className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={photoURL ? 300 : undefined}
        className="flex size-full items-center justify-center text-sm font-semibold text-primary"
      >
        {avatarLetter({ displayName, email })}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  )
}
