/**
 * A redeemed authorisation code's record in better-auth's verification table: this prefix and the
 * code's stored id, valued "<userId> <clientId>", kept while the code's access tokens live, so a
 * replay can end the grant (docs/decisions/057).
 */
export const REDEEMED_CODE_PREFIX = 'oauth-code-redeemed:'
