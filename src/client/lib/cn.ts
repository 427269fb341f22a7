export type ClassValue = string | false | null | undefined

/** Joins the truthy class names with single spaces (conditional classes without a dependency). */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ')
}
