import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { BlendProject } from '#shared/api/blends.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { CalculatorPage } from '#client/features/calculator/components/calculator-page.tsx'
import { at, project as makeProject, savedBlend, version } from '#client/testing/api-fixtures.ts'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const bergamot = makeOil({
  id: 101,
  name: 'Bergamot',
  noteType: ['Top'],
  scentFamily: 'Citrus',
  densityGPerMl: 0.85,
  safety: { maxLeaveOnPercent: 0.4, phototoxic: true, source: 'Tisserand & Young 2014' },
})
const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const cedar = makeOil({ id: 103, name: 'Atlas Cedarwood', noteType: ['Base'], scentFamily: 'Woody' })

const project = makeProject(savedBlend({ id: 1, name: 'Evening Calm' }), [
  version({
    id: 11,
    projectId: 1,
    versionLetter: 'a',
    topOils: [at(bergamot, 30)],
    middleOils: [at(lavender, 50)],
    baseOils: [at(cedar, 20)],
    formulationNotes: null,
  }),
])

function renderPage(data: { projects: BlendProject[] }) {
  const answers: Record<string, unknown> = {
    '/api/blends': [],
    '/api/blend-projects': data.projects,
    '/api/essential-oils': [bergamot, lavender, cedar],
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: ({ queryKey }) => answers[String(queryKey[0])] } },
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CalculatorPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

async function choose(name: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name }))
  await userEvent.click(await screen.findByRole('option', { name: option }))
}

beforeEach(() => stubPopoverDom())

describe('calculator page', () => {
  it('links to the blend creator when there are no blends', async () => {
    renderPage({ projects: [] })
    expect(await screen.findByRole('heading', { name: 'No blends to calculate yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a blend' })).toHaveAttribute('href', '/blend')
  })

  it('prompts with what is missing, then shows the amounts per oil', async () => {
    renderPage({ projects: [project] })
    expect(await screen.findByText('Select a blend to start calculating')).toBeInTheDocument()
    expect(screen.getByText('Missing: blend, total product weight, essential oil percentage')).toBeInTheDocument()

    await choose('Blend or version', '001a Evening Calm')
    expect(screen.getByText('Enter both weight and percentage to see calculations')).toBeInTheDocument()
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Total product weight' }), '500')
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Essential oil percentage' }), '2')

    expect(screen.getByTestId('total-oil')).toHaveTextContent(/^10.0 g$/)
    const table = screen.getByRole('table', { name: 'Amount of each oil for this batch' })
    expect(within(table).getByRole('row', { name: /Bergamot/ })).toHaveTextContent('3.0 g')
    expect(within(table).getByRole('row', { name: /Lavender/ })).toHaveTextContent('5.0 g')
    expect(within(table).getByRole('row', { name: /Atlas Cedarwood/ })).toHaveTextContent('2.0 g')
  })

  it('fills a typical percentage from the product type and warns for leave-on products only', async () => {
    renderPage({ projects: [project] })
    await choose('Blend or version', '001a Evening Calm')
    await userEvent.type(await screen.findByRole('spinbutton', { name: 'Total product weight' }), '100')
    await choose('Product type', 'Other leave-on skin product')
    expect(screen.getByRole('spinbutton', { name: 'Essential oil percentage' })).toHaveValue(2)
    const warnings = within(screen.getByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      expect.stringContaining('Bergamot is 0.6% of the finished product, above its leave-on maximum of 0.4%'),
      expect.stringContaining('Bergamot is phototoxic'),
    ])

    await choose('Product type', 'Bath bombs')
    expect(screen.queryByRole('list', { name: 'Safety warnings' })).not.toBeInTheDocument()
    expect(screen.getByText(/phototoxicity warnings do not apply/)).toBeInTheDocument()
  })
})
