// A catalog compiled at build time (scripts/lingui-catalogs.ts, decision 093): the app's
// `messages.json` or a section of a screen's words (decision 097), `<section>.json`.
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core'
  const messages: Messages
  export default messages
}

// The pseudo-locale's catalog (decision 101): every English catalog made strange and longer, for the layout tests.
declare module 'virtual:accord-pseudo-catalog' {
  import type { Messages } from '@lingui/core'
  const messages: Messages
  export default messages
}
