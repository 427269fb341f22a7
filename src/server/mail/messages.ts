import { escapeHtml } from '#shared/text/html.ts'
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages.ts'
import type { MailMessage } from '#server/mail/mailer.ts'
import { MAIL_TEXTS } from '#server/mail/mail-texts.ts'

/**
 * The e-mails Accord sends, each in its reader's language (mail-texts.ts, decision 096): the
 * account's own when it has one, else the language of the browser that asked (a reset, a claim),
 * else English.
 */

/** The password reset e-mail: one single-use link that expires. */
export function passwordResetMessage(input: {
  to: string
  name: string
  link: string
  expiresInMinutes: number
  language?: Language
}): MailMessage {
  const texts = MAIL_TEXTS[input.language ?? DEFAULT_LANGUAGE]
  const greeting = texts.hello(input.name)
  const expires = texts.reset.expires(input.expiresInMinutes)
  const lines = [greeting, '', texts.reset.asked, texts.reset.open, '', input.link, '', expires, texts.reset.ignore]
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(texts.reset.asked)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.reset.button)}</a></p>`,
    `<p>${escapeHtml(expires)} `,
    `${escapeHtml(texts.reset.ignore)}</p>`,
  ].join('\n')
  return { to: input.to, subject: texts.reset.subject, text: lines.join('\n'), html, link: input.link }
}

/** The reader discount confirmation: the beta link, with wording for a verified or an unverified claim. */
export function redeemMessage(input: { to: string; link: string; verified: boolean; language?: Language }): MailMessage {
  const texts = MAIL_TEXTS[input.language ?? DEFAULT_LANGUAGE]
  const status = input.verified ? texts.redeem.verified : texts.redeem.unverified
  const greeting = texts.hello('')
  const lines = [greeting, '', texts.redeem.thanks, `${texts.redeem.free} ${texts.redeem.startHere}`, '', input.link, '', status]
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(texts.redeem.thanks)} ${escapeHtml(texts.redeem.free)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.redeem.button)}</a></p>`,
    `<p>${escapeHtml(status)}</p>`,
  ].join('\n')
  return { to: input.to, subject: texts.redeem.subject(input.verified), text: lines.join('\n'), html, link: input.link }
}

/** A reminder that a blend (or a batch of it) has matured and is ready to smell, with a link to its add-test form. */
export function readyToTestMessage(input: {
  to: string
  name: string
  blendName: string
  referenceNumber: string
  batch: boolean
  madeOn: string
  link: string
  language?: Language
}): MailMessage {
  const texts = MAIL_TEXTS[input.language ?? DEFAULT_LANGUAGE]
  const greeting = texts.hello(input.name)
  const rested = texts.ready.rested(input)
  const lines = [greeting, '', rested, texts.ready.smell, '', input.link, '', texts.ready.why]
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(rested)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.ready.button)}</a></p>`,
    `<p>${escapeHtml(texts.ready.why)}</p>`,
  ].join('\n')
  return { to: input.to, subject: texts.ready.subject(input.blendName), text: lines.join('\n'), html, link: input.link }
}
