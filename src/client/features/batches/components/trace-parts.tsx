import { ArrowLeft, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BottleDocument } from '#shared/api/documents.ts'
import { documentPath } from '#shared/domain/document-kinds.ts'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { documentKindLabel } from '#client/features/batches/lib/trace-words.ts'

/** A labelled list of facts (term and value), two columns from a tablet up. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap gap-x-2">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="text-sm font-medium text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A lot's documents as download links; says so when it has none. */
export function DocumentLinks({ documents, empty }: { documents: readonly BottleDocument[]; empty: string }) {
  const t = useMessages()
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <ul className="grid gap-1">
      {documents.map((d) => (
        <li key={d.id} className="flex items-center gap-2 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <a href={documentPath(d.id)} download={d.fileName} className={textButtonClass}>
            {t('batches.document.link', { kind: documentKindLabel(t, d.kind), file: d.fileName })}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** A section of a trace page with its heading. */
export function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-card border border-border bg-card p-4 sm:p-5 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** A trace page's way back (to the journal, to the shelf), hidden in print. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${textButtonClass} inline-flex items-center gap-1 self-start print:hidden`}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}
