/**
 * The label sizes "Print label sheet" offers (docs/product.md "The allergen screens"): common sheets of
 * self-adhesive labels, by their makers' layout, and one label filling an A4 or Letter page. All
 * lengths in millimetres, measured from the page's top left corner. Kept apart from label-pdf.ts so
 * the screen can list them without loading the PDF library.
 */
export interface LabelSheet {
  id: string
  name: string
  page: { width: number; height: number }
  label: { width: number; height: number }
  columns: number
  rows: number
  /** The first label's top left corner. */
  left: number
  top: number
  /** From one label's corner to the next one's, across and down. */
  pitch: { x: number; y: number }
  /** Blank space kept inside each label's edge. */
  padding: number
  /** The body text's size to start from, in points, before shrinking to fit. */
  fontSize: number
}

const IN = 25.4
const A4 = { width: 210, height: 297 }
const LETTER = { width: 8.5 * IN, height: 11 * IN }

export const LABEL_SHEETS = [
  {
    id: 'l7160',
    name: '63.5 × 38.1 mm labels, 21 per A4 (L7160)',
    page: A4,
    label: { width: 63.5, height: 38.1 },
    columns: 3,
    rows: 7,
    left: 7.21,
    top: 15.15,
    pitch: { x: 66.04, y: 38.1 },
    padding: 2.5,
    fontSize: 7,
  },
  {
    id: 'l7165',
    name: '99.1 × 67.7 mm labels, 8 per A4 (L7165)',
    page: A4,
    label: { width: 99.1, height: 67.7 },
    columns: 2,
    rows: 4,
    left: 4.65,
    top: 13.1,
    pitch: { x: 101.6, y: 67.7 },
    padding: 4,
    fontSize: 9,
  },
  {
    id: '5163',
    name: '2 × 4 in labels, 10 per Letter (5163)',
    page: LETTER,
    label: { width: 4 * IN, height: 2 * IN },
    columns: 2,
    rows: 5,
    left: 0.15625 * IN,
    top: 0.5 * IN,
    pitch: { x: 4.1875 * IN, y: 2 * IN },
    padding: 3.5,
    fontSize: 8.5,
  },
  {
    id: 'a4-page',
    name: 'One label per A4 page',
    page: A4,
    label: A4,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitch: { x: 0, y: 0 },
    padding: 15,
    fontSize: 14,
  },
  {
    id: 'letter-page',
    name: 'One label per Letter page',
    page: LETTER,
    label: LETTER,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitch: { x: 0, y: 0 },
    padding: 15,
    fontSize: 14,
  },
] as const satisfies readonly LabelSheet[]

export type LabelSheetId = (typeof LABEL_SHEETS)[number]['id']

/**
 * The smallest body text printed, in points: at 6 pt Helvetica's x-height is about 1.1 mm, close to
 * the 1.2 mm the EU asks of food labels (Regulation 1169/2011), the nearest rule for legibility.
 * Smaller labels would need smaller text: the screen says to choose a bigger label instead.
 */
export const MIN_LABEL_FONT_PT = 6
