import type { MailMessage } from '#server/mail/mailer.ts'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

/** The password reset e-mail: one single-use link that expires. */
export function passwordResetMessage(input: { to: string; name: string; link: string; expiresInMinutes: number }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,'
  const lines = [
    greeting,
    '',
    'Someone (hopefully you) asked to reset the password of your Accord account.',
    'Open this link to choose a new password:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ]
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Someone (hopefully you) asked to reset the password of your Accord account.</p>',
    `<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>`,
    `<p>The link works once and expires in ${input.expiresInMinutes} minutes. `,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n')
  return { to: input.to, subject: 'Reset your Accord password', text: lines.join('\n'), html, link: input.link }
}
