import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { PublicPage } from '#client/components/public-page.tsx'

export function BookPage() {
  return (
    <PublicPage
      eyebrow="The companion book"
      title="Essential Oil Blending Guide"
      headerActions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to the app
          </Link>
        </Button>
      }
    >
      <p>
        A practical handbook for building essential oil blends that hold together: a simplified fragrance wheel,
        clear rules for balancing top, middle and base notes, and a structured way to go from an idea to a finished
        scent. The paperback was published on January 13, 2025.
      </p>
      <p>
        Accord follows the same method, so what you read on the page you can try in the blend creator the same
        evening.
      </p>
    </PublicPage>
  )
}
