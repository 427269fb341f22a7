/**
 * The user's settings as other features reach them (docs/architecture.md, "The server's layers"):
 * the reads every feature shares, and the writes an import makes (the currency, the label
 * settings) and the settings route's (the currency and the language, decision 088), one write
 * for both. Settings have no rule beyond their request schemas, so each is the repository's own
 * function; this module is the one door to them from outside `me/`.
 */
export {
  adoptLabelSettings,
  getExportSettings,
  getLabelSettings,
  getSettings,
  setLabelSettings,
  updateSettings,
} from '#server/me/settings.repo.ts'
