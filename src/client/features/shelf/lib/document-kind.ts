import type { DocumentKind } from '#shared/api/documents.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

const LABELS: Record<DocumentKind, string> = {
  'safety-data-sheet': 'shelf.kind.safetyDataSheet',
  'certificate-of-analysis': 'shelf.kind.certificateOfAnalysis',
  'gc-ms-report': 'shelf.kind.gcMsReport',
  'ifra-certificate': 'shelf.kind.ifraCertificate',
  'allergen-declaration': 'shelf.kind.allergenDeclaration',
}

const IN_SENTENCE: Record<DocumentKind, string> = {
  'safety-data-sheet': 'shelf.kind.inSentence.safetyDataSheet',
  'certificate-of-analysis': 'shelf.kind.inSentence.certificateOfAnalysis',
  'gc-ms-report': 'shelf.kind.inSentence.gcMsReport',
  'ifra-certificate': 'shelf.kind.inSentence.ifraCertificate',
  'allergen-declaration': 'shelf.kind.inSentence.allergenDeclaration',
}

/** A document's kind as the screens say it, in the shown language (DOCUMENT_KIND_LABELS's words in English). */
export const documentKindLabel = (t: Translate, kind: DocumentKind): string => t(LABELS[kind])

/** The kind inside a sentence ("Attach the safety data sheet as a PDF..."). */
export const documentKindInSentence = (t: Translate, kind: DocumentKind): string => t(IN_SENTENCE[kind])
