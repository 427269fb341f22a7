import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { PublicPage } from '#client/components/public-page.tsx'

export function RedeemPage() {
  return (
    <PublicPage eyebrow="For readers of the book" title="Founding Reader Launch Discount">
      <p>
        Readers of the Essential Oil Blending Guide who join Accord during the free beta get 30% off their first year
        of Accord Pro when it launches. You confirm your copy with the first word on page 41, or with the redemption
        code printed in your book.
      </p>
      <p>
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Landing Page
          </Link>
        </Button>
      </p>
    </PublicPage>
  )
}
