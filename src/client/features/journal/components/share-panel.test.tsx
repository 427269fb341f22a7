import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { version } from '#client/testing/api-fixtures.ts'
import { SharePanel } from '#client/features/journal/components/share-panel.tsx'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'

const item = listItem({ id: 1, name: 'Evening Calm' })
const blend = detailOf(item, [version({ id: 11, projectId: 1, versionLetter: 'a' }), version({ id: 12, projectId: 1, versionLetter: 'b' })])
const link = {
  token: 'x'.repeat(32),
  path: `/s/${'x'.repeat(32)}`,
  reference: '001a',
  versionLetter: 'a',
  includeNotes: false,
  showName: true,
  createdAt: '2026-11-25T10:00:00.000Z',
}

signInEachTest()

describe('the share form', () => {
  it('offers the latest version first and sends the choices the request schema takes', async () => {
    const { callsTo } = fakeBlendsApi([], {
      'GET /api/blends/1/shares': json({ items: [] }),
      'POST /api/blends/1/shares': json(link, 201),
    })
    renderSignedIn(<SharePanel blend={blend} />)
    const versionSelect = await screen.findByRole('combobox', { name: 'Version' })
    expect(versionSelect).toHaveDisplayValue('001b (latest)')
    await userEvent.selectOptions(versionSelect, '001a')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my name' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }))
    await waitFor(() => expect(callsTo('POST /api/blends/1/shares')).toHaveLength(1))
    expect(callsTo('POST /api/blends/1/shares')[0]!.body).toEqual({ versionId: 11, includeNotes: false, showName: true })
  })
})
