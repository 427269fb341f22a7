import type { CSSProperties } from 'react'
import { Toaster as SonnerToaster } from 'sonner'

/**
 * docs/product.md §9: one toast visible at a time, shown for 5000 ms. Sonner fixes its swipe-to-dismiss
 * threshold at 45 px (the spec's 50 px is not configurable) and removes a dismissed toast once its
 * exit animation ends, so the spec's long removal delay has no counterpart.
 *
 * Loaded on demand with the first toast (components/ui/toast.tsx): sonner is not part of any
 * page's initial JavaScript.
 */
export const TOAST_DURATION_MS = 5000
export const TOAST_VISIBLE_LIMIT = 1

// Sonner reads its colours from these variables; an inline style wins over its own stylesheet.
const themeVariables = {
  '--normal-bg': 'var(--color-card)',
  '--normal-text': 'var(--color-foreground)',
  '--normal-border': 'var(--color-border)',
  '--success-bg': 'var(--color-primary-soft)',
  '--success-text': 'var(--color-primary)',
  '--success-border': 'color-mix(in srgb, var(--color-primary) 25%, transparent)',
  '--error-bg': 'var(--color-destructive)',
  '--error-text': 'var(--color-destructive-foreground)',
  '--error-border': 'var(--color-destructive)',
  '--border-radius': '0.75rem',
} as CSSProperties

export function Toaster() {
  return (
    <SonnerToaster
      theme="light"
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={TOAST_VISIBLE_LIMIT}
      duration={TOAST_DURATION_MS}
      style={themeVariables}
    />
  )
}
