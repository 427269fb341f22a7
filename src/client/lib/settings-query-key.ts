/** The user's settings' key in the server-state cache (GET /api/me/settings), on its own so that reading it loads no query code. */
export const SETTINGS_QUERY_KEY = ['/api/me/settings'] as const
