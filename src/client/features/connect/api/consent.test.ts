import { describe, expect, it } from 'vitest'
import { readConsentRequest } from '#client/features/connect/api/consent.ts'

describe('the consent page reads the signed request from its address', () => {
  it('takes the client, the Accord scopes in a fixed order, offline access and the host it goes back to', () => {
    const search =
      '?client_id=abc&scope=shelf%3Awrite+journal%3Aread+offline_access+openid&redirect_uri=http%3A%2F%2F127.0.0.1%3A33418%2Fcallback&sig=s&exp=1'
    expect(readConsentRequest(search)).toEqual({
      clientId: 'abc',
      scopes: ['journal:read', 'shelf:write'],
      offline: true,
      redirectHost: '127.0.0.1:33418',
      oauthQuery: search.slice(1),
    })
  })

  it('is no request without a client or a signature', () => {
    expect(readConsentRequest('?client_id=abc&scope=journal%3Aread')).toBeNull()
    expect(readConsentRequest('?scope=journal%3Aread&sig=s')).toBeNull()
    expect(readConsentRequest('')).toBeNull()
  })

  it('shows no host for a redirect address it cannot read', () => {
    expect(readConsentRequest('?client_id=abc&redirect_uri=not%20a%20url&sig=s')?.redirectHost).toBeNull()
  })
})
