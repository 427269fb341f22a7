import { PageHeading } from '#client/components/page-heading.tsx'

export function HomePage() {
  return <PageHeading title="Welcome to Accord" />
}
