import type { ComponentProps } from 'react'
import type { Effect, ScentFamily } from '#shared/domain/vocabulary.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive'

const variants: Record<BadgeVariant, string> = {
  default: 'bg-primary text-primary-foreground border-transparent',
  secondary: 'bg-secondary text-secondary-foreground border-transparent',
  outline: 'bg-transparent text-foreground border-border',
  destructive: 'bg-destructive text-destructive-foreground border-transparent',
}

// Whole class strings (not built from the name) so Tailwind finds them when it scans the source.
const familyClasses: Record<ScentFamily, string> = {
  Citrus: 'bg-family-citrus-soft text-family-citrus-ink border-family-citrus/30',
  Floral: 'bg-family-floral-soft text-family-floral-ink border-family-floral/30',
  Woody: 'bg-family-woody-soft text-family-woody-ink border-family-woody/30',
  Herbal: 'bg-family-herbal-soft text-family-herbal-ink border-family-herbal/30',
  Spicy: 'bg-family-spicy-soft text-family-spicy-ink border-family-spicy/30',
  Earthy: 'bg-family-earthy-soft text-family-earthy-ink border-family-earthy/30',
  Minty: 'bg-family-minty-soft text-family-minty-ink border-family-minty/30',
  Resinous: 'bg-family-resinous-soft text-family-resinous-ink border-family-resinous/30',
  Camphoraceous: 'bg-family-camphoraceous-soft text-family-camphoraceous-ink border-family-camphoraceous/30',
}

const effectClasses: Record<Effect, string> = {
  Relaxing: 'bg-effect-relaxing-soft text-effect-relaxing-ink border-effect-relaxing-ink/20',
  Uplifting: 'bg-effect-uplifting-soft text-effect-uplifting-ink border-effect-uplifting-ink/20',
  Energising: 'bg-effect-energising-soft text-effect-energising-ink border-effect-energising-ink/20',
  Cleansing: 'bg-effect-cleansing-soft text-effect-cleansing-ink border-effect-cleansing-ink/20',
  Grounding: 'bg-effect-grounding-soft text-effect-grounding-ink border-effect-grounding-ink/20',
  Balancing: 'bg-effect-balancing-soft text-effect-balancing-ink border-effect-balancing-ink/20',
}

const neutral = variants.secondary

/** Colour classes for a scent family's badge; an unknown family gets the neutral look. */
export function familyBadgeClass(family: ScentFamily | (string & {})): string {
  return familyClasses[family as ScentFamily] ?? neutral
}

/** Colour classes for an effect's badge (docs/product.md §9); an unknown effect gets the neutral look. */
export function effectBadgeClass(effect: Effect | (string & {})): string {
  return effectClasses[effect as Effect] ?? neutral
}

const shape = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium'

export interface BadgeProps extends ComponentProps<'span'> {
  /** A look from the palette, or `colors` for the classes of familyBadgeClass / effectBadgeClass. */
  variant?: BadgeVariant
  colors?: string
}

export function Badge({ variant = 'default', colors, className, ...props }: BadgeProps) {
  return <span className={cn(shape, colors ?? variants[variant], className)} {...props} />
}

/** A badge naming a scent family, in that family's colour. */
export function FamilyBadge({ family, ...props }: ComponentProps<'span'> & { family: ScentFamily }) {
  const words = useVocabulary()
  return (
    <Badge colors={familyBadgeClass(family)} {...props}>
      {words.family(family)}
    </Badge>
  )
}

/** A badge naming an effect, in that effect's colour. */
export function EffectBadge({ effect, ...props }: ComponentProps<'span'> & { effect: Effect }) {
  const words = useVocabulary()
  return (
    <Badge colors={effectBadgeClass(effect)} {...props}>
      {words.effect(effect)}
    </Badge>
  )
}

/** Marks one of the maker's own ingredients beside the catalog's oils (docs/product.md "Your own ingredients"). */
export function YoursBadge(props: ComponentProps<'span'>) {
  const t = useMessages()
  return (
    <Badge variant="outline" title={t('vocab.yours.title')} {...props}>
      {t('vocab.yours')}
    </Badge>
  )
}
