import { useId, type ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'

/** One card of the account page: a titled <section> (a landmark named by its heading). */
export function AccountSection({
  title,
  description,
  danger = false,
  children,
}: {
  title: string
  description: ReactNode
  /** Destructive: a red border and title, for deleting the account. */
  danger?: boolean
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <Card className={cn(danger && 'border-destructive/40')}>
        <CardHeader>
          <CardTitle id={headingId} className={cn(danger && 'text-destructive')}>
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  )
}
