import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import { MAIL_TEXTS, type MailTexts } from '#server/mail/mail-texts.ts'
import { passwordResetMessage, readyToTestMessage, redeemMessage } from '#server/mail/messages.ts'

/** Every sentence a language's texts make, for a blend, a batch and a reset with fixed values. */
function sentences(texts: MailTexts): string[] {
  const blend = { blendName: 'Lavendel', referenceNumber: 'LAV-001', madeOn: '2026-11-01' }
  return [
    texts.hello('Ada'),
    texts.hello(''),
    ...Object.values(texts.reset).map((text) => (typeof text === 'function' ? text(60) : text)),
    texts.redeem.subject(true),
    texts.redeem.subject(false),
    texts.redeem.thanks,
    texts.redeem.free,
    texts.redeem.startHere,
    texts.redeem.button,
    texts.redeem.verified,
    texts.redeem.unverified,
    texts.ready.subject('Lavendel'),
    texts.ready.rested({ ...blend, batch: true }),
    texts.ready.rested({ ...blend, batch: false }),
    texts.ready.smell,
    texts.ready.button,
    texts.ready.why,
    texts.ready.pushBatch('2026-11-01'),
    texts.ready.pushVersion('LAV-001'),
  ]
}

describe("the e-mails' words in each language (decision 096)", () => {
  const english = sentences(MAIL_TEXTS.en)

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s says every sentence in its own words, none left in English',
    (language) => {
      const own = sentences(MAIL_TEXTS[language])
      expect(own).toHaveLength(english.length)
      own.forEach((sentence, i) => {
        expect(sentence.trim(), `${language} #${i}`).not.toBe('')
        expect(sentence, `${language} #${i}`).not.toBe(english[i])
      })
      // English words that would show a sentence left untranslated.
      expect(own.join('\n')).not.toMatch(/\b(the|your|ready to test|has matured|Tap|Hello|password stays)\b/)
    },
  )

  it('writes a batch day as each language writes dates; English keeps the day as typed', () => {
    const batch = { blendName: 'Lavendel', referenceNumber: 'LAV-001', madeOn: '2026-11-01', batch: true }
    expect(MAIL_TEXTS.en.ready.rested(batch)).toBe(
      'The batch of Lavendel (LAV-001) made on 2026-11-01 has rested for its maturation period and is ready to test.',
    )
    expect(MAIL_TEXTS.de.ready.rested(batch)).toContain('vom 1. November 2026')
    expect(MAIL_TEXTS.fr.ready.rested(batch)).toContain('préparé le 1 novembre 2026')
    expect(MAIL_TEXTS.es.ready.rested(batch)).toContain('preparado el 1 de noviembre de 2026')
    expect(MAIL_TEXTS.it.ready.rested(batch)).toContain('preparato il 1 novembre 2026')
  })

  it('builds each e-mail in the language asked, English by default and exactly as before', () => {
    const link = 'https://accord.example/api/auth/reset-password/abc'
    const english = passwordResetMessage({ to: 'a@example.com', name: 'Ada', link, expiresInMinutes: 60 })
    expect(english.subject).toBe('Reset your Accord password')
    expect(english.text).toBe(
      [
        'Hello Ada,',
        '',
        'Someone (hopefully you) asked to reset the password of your Accord account.',
        'Open this link to choose a new password:',
        '',
        link,
        '',
        'The link works once and expires in 60 minutes.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    )
    const german = passwordResetMessage({ to: 'a@example.com', name: 'Ada', link, expiresInMinutes: 60, language: 'de' })
    expect(german.subject).toBe('Ihr Accord-Passwort zurücksetzen')
    expect(german.text).toContain('Hallo Ada,')
    expect(german.text).toContain(link)
    expect(german.html).toContain('>Neues Passwort wählen</a>')

    const redeem = redeemMessage({ to: 'r@example.com', link: 'https://accord.example/', verified: false })
    expect(redeem.text).toContain('every feature is free while Accord is in beta. Start here:')
    expect(redeem.html).toContain('You are in for the Accord beta: every feature is free while Accord is in beta.</p>')
    expect(redeemMessage({ to: 'r@example.com', link: 'https://accord.example/', verified: true, language: 'es' }).subject).toBe(
      'Tu enlace a la beta de Accord y tu descuento de lanzamiento',
    )

    const ready = readyToTestMessage({
      to: 'a@example.com',
      name: '',
      blendName: 'Rose <Garden>',
      referenceNumber: 'RG-002',
      batch: false,
      madeOn: '2026-11-01',
      link: 'https://accord.example/journal?blend=1',
      language: 'it',
    })
    expect(ready.subject).toBe('Rose <Garden> è pronta da provare')
    expect(ready.text.split('\n')[0]).toBe('Ciao,')
    // The blend's name is the maker's: escaped in the HTML, as in English.
    expect(ready.html).toContain('Rose &lt;Garden&gt; (RG-002)')
    expect(ready.html).toContain('>Aggiungi una voce di prova</a>')
  })
})
