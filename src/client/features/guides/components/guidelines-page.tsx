import { PageHeading } from '#client/components/page-heading.tsx'

export function GuidelinesPage() {
  return <PageHeading title="Blending Guidelines" />
}
