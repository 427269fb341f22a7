import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { PublicPage } from '#client/components/public-page.tsx'

export function ReviewBookPage() {
  return (
    <PublicPage
      eyebrow="Essential Oil Blending Guide"
      title="Leave a Review"
      headerActions={
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to="/book">
              <ArrowLeft aria-hidden="true" />
              Back to Book
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">Home</Link>
          </Button>
        </div>
      }
    >
      <p>
        If the book helped you make a blend you love, a short review on the store where you bought it helps other
        makers find it. It takes about a minute.
      </p>
    </PublicPage>
  )
}
