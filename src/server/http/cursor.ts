// The cursor codec moved below the repositories (shared/cursor.ts); this name stays until the
// shelf's and the journal's repositories import it from there (issue 33).
export { CursorError, decodeCursor, encodeCursor } from '#server/shared/cursor.ts'
