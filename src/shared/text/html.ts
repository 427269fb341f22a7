const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe to put in HTML, as element content or a quoted attribute value: the one escape of
 * every page and mail the server writes by hand (share pages, mails, skeletons, prerendered heads).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}
