/**
 * The element that holds /redeem's claim (its intro, the form, the answer): the prerendered page
 * has a placeholder there, and the islands script renders the claim into it (decision 066).
 */
export const REDEEM_CLAIM_ID = 'redeem-claim'
