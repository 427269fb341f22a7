/**
 * How other features end an assistant's grants (docs/architecture.md, "The server's layers"):
 * sign-out everywhere, a new password, a replayed code or a reused refresh token (auth/auth.ts),
 * and account deletion (account/account.commands.ts). Each runs in the caller's transaction. An
 * ended grant has no rule to refuse by, so each is the repository's own function; this module is
 * the one door to the connected apps' tables from outside `connected-apps/`.
 */
export { deleteOAuthOfUser, revokeAllGrants, revokeGrant } from '#server/connected-apps/connected-apps.repo.ts'
