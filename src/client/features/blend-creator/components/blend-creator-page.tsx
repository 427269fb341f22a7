import { PageHeading } from '#client/components/page-heading.tsx'

export function BlendCreatorPage() {
  return <PageHeading title="Create Your Perfect Blend" />
}
