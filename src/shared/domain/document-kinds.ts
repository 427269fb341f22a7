/**
 * A lot's documents' kinds and where a file is read (issue 36; docs/product.md "A lot's documents"),
 * without the schema library: src/shared/api/documents.ts re-exports them beside its schemas, and a
 * page that only lists and links documents (the trace pages) imports them from here.
 */

/** What a document is; the label is what the screens and the PDFs say. */
export const DOCUMENT_KINDS = [
  'safety-data-sheet',
  'certificate-of-analysis',
  'gc-ms-report',
  'ifra-certificate',
  'allergen-declaration',
] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  'safety-data-sheet': 'Safety data sheet',
  'certificate-of-analysis': 'Certificate of analysis',
  'gc-ms-report': 'GC-MS report',
  'ifra-certificate': 'IFRA certificate',
  'allergen-declaration': 'Allergen declaration',
}

/** Where a document's file is read (its owner only; sent as an attachment). */
export const documentPath = (id: number) => `/api/documents/${id}`
