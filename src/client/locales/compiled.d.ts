// A catalog compiled at build time (scripts/lingui-catalogs.ts, decision 093).
declare module '*/messages.json?lingui' {
  import type { Messages } from '@lingui/core'
  const messages: Messages
  export default messages
}
declare module '*/landing.json?lingui' {
  import type { Messages } from '@lingui/core'
  const messages: Messages
  export default messages
}
