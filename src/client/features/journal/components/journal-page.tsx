import { PageHeading } from '#client/components/page-heading.tsx'

export function JournalPage() {
  return <PageHeading title="Blend Journal" />
}
