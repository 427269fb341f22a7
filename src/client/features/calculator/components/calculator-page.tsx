import { PageHeading } from '#client/components/page-heading.tsx'

export function CalculatorPage() {
  return <PageHeading title="Project Calculator" />
}
