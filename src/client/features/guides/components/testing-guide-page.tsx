import { PageHeading } from '#client/components/page-heading.tsx'

export function TestingGuidePage() {
  return <PageHeading title="Testing Guide" />
}
