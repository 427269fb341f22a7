import { Link } from 'react-router'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Button } from '#client/components/ui/button.tsx'

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-start gap-6">
      <PageHeading title="404 Page Not Found">There is no page at this address.</PageHeading>
      <Button asChild>
        <Link to="/">Go to home</Link>
      </Button>
    </div>
  )
}
