import { escapeHtml } from '#shared/text/html.ts'
import type { MailMessage } from '#server/mail/mailer.ts'
import { LAUNCH_DISCOUNT_PERCENT, SECRET_WORD_PAGE } from '#shared/domain/launch-offer.ts'

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

/** The reader discount confirmation: the beta link, with wording for a verified or an unverified claim. */
export function redeemMessage(input: { to: string; link: string; verified: boolean }): MailMessage {
  const status = input.verified
    ? `Your copy is verified: your ${LAUNCH_DISCOUNT_PERCENT}% discount on the first year of Accord Pro is locked in for launch.`
    : `We could not verify your copy yet, so the discount is not applied. Reply to this e-mail with the first word on page ${SECRET_WORD_PAGE} of the book (or the code printed in it) and we will sort it out.`
  const lines = [
    'Hello,',
    '',
    'Thank you for reading the Essential Oil Blending Guide. You are in for the Accord beta:',
    'every feature is free while Accord is in beta. Start here:',
    '',
    input.link,
    '',
    status,
  ]
  const html = [
    '<p>Hello,</p>',
    '<p>Thank you for reading the Essential Oil Blending Guide. You are in for the Accord beta: every feature is free while Accord is in beta.</p>',
    `<p><a href="${escapeHtml(input.link)}">Start using Accord</a></p>`,
    `<p>${escapeHtml(status)}</p>`,
  ].join('\n')
  const subject = input.verified ? 'Your Accord beta link and launch discount' : 'Your Accord beta link'
  return { to: input.to, subject, text: lines.join('\n'), html, link: input.link }
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
}): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,'
  const what = input.batch
    ? `The batch of ${input.blendName} (${input.referenceNumber}) made on ${input.madeOn}`
    : `${input.blendName} (${input.referenceNumber})`
  const lines = [
    greeting,
    '',
    `${what} has rested for its maturation period and is ready to test.`,
    'Smell it, then note what you find:',
    '',
    input.link,
    '',
    'You receive this because reminders by e-mail are on in your Accord account; turn them off there.',
  ]
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)} has rested for its maturation period and is ready to test.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Add a test entry</a></p>`,
    '<p>You receive this because reminders by e-mail are on in your Accord account; turn them off there.</p>',
  ].join('\n')
  return { to: input.to, subject: `${input.blendName} is ready to test`, text: lines.join('\n'), html, link: input.link }
}
