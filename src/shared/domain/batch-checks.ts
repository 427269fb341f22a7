/**
 * The maker's checks recorded with a batch (docs/product.md "Batch records"; decision 081): Yes, No,
 * or "Not recorded" for a batch made before they were asked (null) — never a guess. The batch page,
 * the batch record and the safety assessor pack all say it in these words.
 */
export const checkWord = (check: boolean | null | undefined): string => (check == null ? 'Not recorded' : check ? 'Yes' : 'No')
