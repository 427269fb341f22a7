import { PageHeading } from '#client/components/page-heading.tsx'

export function GlossaryPage() {
  return <PageHeading title="Oil Glossary" />
}
