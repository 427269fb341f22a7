import { labelParagraphs, type LabelSheetContent, type ParagraphStyle } from '#client/features/labels/lib/label-sheet-text.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/labels/labels-catalog.ts'

const STYLE_CLASSES: Record<ParagraphStyle, string> = {
  title: 'text-base font-bold',
  meta: 'text-xs',
  warning: 'text-sm text-destructive',
  body: 'text-sm',
  small: 'text-xs',
}

/**
 * One label as the sheet prints it: the paragraphs of labelParagraphs, the same the PDF draws
 * (a test reads the PDF back and compares it with this).
 */
export function LabelSheetPreview({ content }: { content: LabelSheetContent }) {
  const t = useMessages()
  return (
    <figure
      aria-label={t('labels.print.preview')}
      lang={content.language ?? 'en'}
      className="grid max-w-md gap-1.5 rounded-lg border-2 border-dashed border-border bg-card p-4 text-foreground"
    >
      {labelParagraphs(content).map((paragraph, index) => (
        <p key={index} className={cn('break-words', STYLE_CLASSES[paragraph.style])}>
          {paragraph.lead ? <strong>{`${paragraph.lead} `}</strong> : null}
          {paragraph.text}
        </p>
      ))}
    </figure>
  )
}
