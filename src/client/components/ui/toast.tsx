import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'

/**
 * The one way to show a toast: `toast.success(title, { description })`, destructive
 * `toast.error(...)`. Sonner and its Toaster load with the first toast, so pages that never show
 * one never download them; a toast raised while they load appears once they are in.
 * Mount <ToastOutlet /> once, above everything that can change pages.
 */
export interface ToastOptions {
  description?: ReactNode
  duration?: number
  id?: string | number
  /** One button in the toast, e.g. Undo, or Reload when a new version is ready; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void }
}

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | null = null
let wanted = false
const listeners = new Set<() => void>()

function loadSonner(): Promise<Sonner> {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  sonner ??= import('sonner')
  return sonner
}

function show(run: (s: Sonner) => unknown): void {
  void loadSonner().then(run)
}

export const toast = {
  message: (title: string, options?: ToastOptions) => show((s) => s.toast(title, options)),
  success: (title: string, options?: ToastOptions) => show((s) => s.toast.success(title, options)),
  error: (title: string, options?: ToastOptions) => show((s) => s.toast.error(title, options)),
  dismiss: (id?: string | number) => show((s) => s.toast.dismiss(id)),
}

const LazyToaster = lazy(() => import('#client/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })))

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Where toasts appear; renders nothing until the first toast is asked for. */
export function ToastOutlet() {
  // No toast is ever wanted in a prerendered page, so the server snapshot is simply "not yet".
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  )
}
