import { Link } from 'react-router'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useMessages } from '#client/lib/i18n.ts'

export function NotFoundPage() {
  const t = useMessages()
  return (
    <div className="flex flex-col items-start gap-6">
      <PageHeading title={t('notFound.title')}>{t('notFound.text')}</PageHeading>
      <Button asChild>
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  )
}
