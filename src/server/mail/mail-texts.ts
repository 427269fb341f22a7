import type { Language } from '#shared/i18n/languages.ts'
import { LAUNCH_DISCOUNT_PERCENT, SECRET_WORD_PAGE } from '#shared/domain/launch-offer.ts'

/**
 * The words of Accord's e-mails and push notifications in each language it speaks (docs/product.md
 * "Languages", decision 096). Written by us, following the terms of docs/i18n/glossary-<lang>.md;
 * never translated by a machine at run time. The type makes every language say every message;
 * `mail-texts.test.ts` checks that none is left in English.
 *
 * English is the spec's and the product's wording as it was, dates included (ISO, as the maker
 * typed them); the other languages write a date as their readers do (`Intl`).
 */
export type MailTexts = {
  hello: (name: string) => string
  reset: {
    subject: string
    asked: string
    open: string
    button: string
    expires: (minutes: number) => string
    ignore: string
  }
  redeem: {
    subject: (verified: boolean) => string
    thanks: string
    free: string
    startHere: string
    button: string
    verified: string
    unverified: string
  }
  ready: {
    subject: (blendName: string) => string
    /** What has matured (the blend and its reference, or the batch of it made on a day), in a sentence. */
    rested: (input: { blendName: string; referenceNumber: string; batch: boolean; madeOn: string }) => string
    smell: string
    button: string
    why: string
    pushBatch: (madeOn: string) => string
    pushVersion: (referenceNumber: string) => string
  }
}

/** A calendar date (YYYY-MM-DD) as the language writes it in full: "1. November 2026", "1 novembre 2026". */
function longDate(language: Language, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  if (!year || !month || !day) return isoDate
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)))
}

const en: MailTexts = {
  hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
  reset: {
    subject: 'Reset your Accord password',
    asked: 'Someone (hopefully you) asked to reset the password of your Accord account.',
    open: 'Open this link to choose a new password:',
    button: 'Choose a new password',
    expires: (minutes) => `The link works once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  redeem: {
    subject: (verified) => (verified ? 'Your Accord beta link and launch discount' : 'Your Accord beta link'),
    thanks: 'Thank you for reading the Essential Oil Blending Guide. You are in for the Accord beta:',
    free: 'every feature is free while Accord is in beta.',
    startHere: 'Start here:',
    button: 'Start using Accord',
    verified: `Your copy is verified: your ${LAUNCH_DISCOUNT_PERCENT}% discount on the first year of Accord Pro is locked in for launch.`,
    unverified: `We could not verify your copy yet, so the discount is not applied. Reply to this e-mail with the first word on page ${SECRET_WORD_PAGE} of the book (or the code printed in it) and we will sort it out.`,
  },
  ready: {
    subject: (blendName) => `${blendName} is ready to test`,
    rested: ({ blendName, referenceNumber, batch, madeOn }) =>
      `${batch ? `The batch of ${blendName} (${referenceNumber}) made on ${madeOn}` : `${blendName} (${referenceNumber})`} has rested for its maturation period and is ready to test.`,
    smell: 'Smell it, then note what you find:',
    button: 'Add a test entry',
    why: 'You receive this because reminders by e-mail are on in your Accord account; turn them off there.',
    pushBatch: (madeOn) => `The batch made on ${madeOn} has matured. Tap to add a test entry.`,
    pushVersion: (referenceNumber) => `${referenceNumber} has matured. Tap to add a test entry.`,
  },
}

const de: MailTexts = {
  hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  reset: {
    subject: 'Ihr Accord-Passwort zurücksetzen',
    asked: 'Jemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Accord-Kontos angefordert.',
    open: 'Öffnen Sie diesen Link, um ein neues Passwort zu wählen:',
    button: 'Neues Passwort wählen',
    expires: (minutes) => `Der Link funktioniert einmal und läuft in ${minutes} Minuten ab.`,
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
  },
  redeem: {
    subject: (verified) => (verified ? 'Ihr Link zur Accord-Beta und Ihr Rabatt zum Start' : 'Ihr Link zur Accord-Beta'),
    thanks: 'Danke, dass Sie den Essential Oil Blending Guide lesen. Sie sind bei der Accord-Beta dabei:',
    free: 'Solange Accord in der Beta ist, ist jede Funktion kostenlos.',
    startHere: 'Hier geht es los:',
    button: 'Accord jetzt nutzen',
    verified: `Ihr Exemplar ist bestätigt: Ihre ${LAUNCH_DISCOUNT_PERCENT} % Rabatt auf das erste Jahr Accord Pro sind Ihnen zum Start sicher.`,
    unverified: `Wir konnten Ihr Exemplar noch nicht bestätigen, daher ist der Rabatt nicht angewendet. Antworten Sie auf diese E-Mail mit dem ersten Wort auf Seite ${SECRET_WORD_PAGE} des Buches (oder dem darin abgedruckten Code), dann kümmern wir uns darum.`,
  },
  ready: {
    subject: (blendName) => `${blendName} ist bereit zum Testen`,
    rested: ({ blendName, referenceNumber, batch, madeOn }) =>
      `${batch ? `Die Charge von ${blendName} (${referenceNumber}) vom ${longDate('de', madeOn)}` : `${blendName} (${referenceNumber})`} hat ihre Reifezeit hinter sich und ist bereit zum Testen.`,
    smell: 'Riechen Sie daran und notieren Sie, was Sie wahrnehmen:',
    button: 'Testeintrag hinzufügen',
    why: 'Sie erhalten diese E-Mail, weil Erinnerungen per E-Mail in Ihrem Accord-Konto eingeschaltet sind; dort können Sie sie ausschalten.',
    pushBatch: (madeOn) => `Die Charge vom ${longDate('de', madeOn)} ist gereift. Tippen Sie, um einen Testeintrag hinzuzufügen.`,
    pushVersion: (referenceNumber) => `${referenceNumber} ist gereift. Tippen Sie, um einen Testeintrag hinzuzufügen.`,
  },
}

const fr: MailTexts = {
  hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  reset: {
    subject: 'Réinitialiser votre mot de passe Accord',
    asked: 'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Accord.',
    open: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
    button: 'Choisir un nouveau mot de passe',
    expires: (minutes) => `Le lien ne fonctionne qu’une fois et expire dans ${minutes} minutes.`,
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  redeem: {
    subject: (verified) =>
      verified ? 'Votre lien vers la bêta d’Accord et votre remise de lancement' : 'Votre lien vers la bêta d’Accord',
    thanks: 'Merci de lire l’Essential Oil Blending Guide. Vous faites partie de la bêta d’Accord :',
    free: 'toutes les fonctions sont gratuites tant qu’Accord est en bêta.',
    startHere: 'Commencez ici :',
    button: 'Commencer avec Accord',
    verified: `Votre exemplaire est vérifié : votre remise de ${LAUNCH_DISCOUNT_PERCENT} % sur la première année d’Accord Pro vous est acquise pour le lancement.`,
    unverified: `Nous n’avons pas encore pu vérifier votre exemplaire, la remise n’est donc pas appliquée. Répondez à cet e-mail avec le premier mot de la page ${SECRET_WORD_PAGE} du livre (ou le code qui y est imprimé) et nous nous en occuperons.`,
  },
  ready: {
    subject: (blendName) => `${blendName} est prête à être testée`,
    rested: ({ blendName, referenceNumber, batch, madeOn }) =>
      batch
        ? `Le lot de fabrication de ${blendName} (${referenceNumber}) préparé le ${longDate('fr', madeOn)} a terminé sa maturation : il est prêt à être testé.`
        : `${blendName} (${referenceNumber}) a terminé sa maturation : la synergie est prête à être testée.`,
    smell: 'Sentez, puis notez ce que vous percevez :',
    button: 'Ajouter une entrée d’essai',
    why: 'Vous recevez cet e-mail parce que les rappels par e-mail sont activés dans votre compte Accord ; vous pouvez les désactiver depuis celui-ci.',
    pushBatch: (madeOn) => `Le lot de fabrication préparé le ${longDate('fr', madeOn)} a mûri. Touchez pour ajouter une entrée d’essai.`,
    pushVersion: (referenceNumber) => `${referenceNumber} a mûri. Touchez pour ajouter une entrée d’essai.`,
  },
}

const es: MailTexts = {
  hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
  reset: {
    subject: 'Restablece tu contraseña de Accord',
    asked: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Accord.',
    open: 'Abre este enlace para elegir una contraseña nueva:',
    button: 'Elegir una contraseña nueva',
    expires: (minutes) => `El enlace funciona una sola vez y caduca en ${minutes} minutos.`,
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña sigue igual.',
  },
  redeem: {
    subject: (verified) => (verified ? 'Tu enlace a la beta de Accord y tu descuento de lanzamiento' : 'Tu enlace a la beta de Accord'),
    thanks: 'Gracias por leer la Essential Oil Blending Guide. Ya estás en la beta de Accord:',
    free: 'todas las funciones son gratuitas mientras Accord esté en beta.',
    startHere: 'Empieza aquí:',
    button: 'Empezar a usar Accord',
    verified: `Tu ejemplar está verificado: tu descuento del ${LAUNCH_DISCOUNT_PERCENT} % en el primer año de Accord Pro queda asegurado para el lanzamiento.`,
    unverified: `Todavía no hemos podido verificar tu ejemplar, así que el descuento no se ha aplicado. Responde a este correo con la primera palabra de la página ${SECRET_WORD_PAGE} del libro (o el código impreso en él) y lo resolveremos.`,
  },
  ready: {
    subject: (blendName) => `${blendName} está lista para probar`,
    rested: ({ blendName, referenceNumber, batch, madeOn }) =>
      batch
        ? `El lote de fabricación de ${blendName} (${referenceNumber}) preparado el ${longDate('es', madeOn)} ha terminado su maduración y está listo para probar.`
        : `${blendName} (${referenceNumber}) ha terminado su maduración: la mezcla está lista para probar.`,
    smell: 'Huele y anota lo que percibes:',
    button: 'Añadir una entrada de prueba',
    why: 'Recibes este correo porque los recordatorios por correo están activados en tu cuenta de Accord; puedes desactivarlos allí.',
    pushBatch: (madeOn) =>
      `El lote de fabricación preparado el ${longDate('es', madeOn)} ha madurado. Toca para añadir una entrada de prueba.`,
    pushVersion: (referenceNumber) => `${referenceNumber} ha madurado. Toca para añadir una entrada de prueba.`,
  },
}

const it: MailTexts = {
  hello: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
  reset: {
    subject: 'Reimposta la password di Accord',
    asked: 'Qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account Accord.',
    open: 'Apri questo link per scegliere una nuova password:',
    button: 'Scegli una nuova password',
    expires: (minutes) => `Il link funziona una sola volta e scade tra ${minutes} minuti.`,
    ignore: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta invariata.',
  },
  redeem: {
    subject: (verified) => (verified ? 'Il tuo link alla beta di Accord e lo sconto di lancio' : 'Il tuo link alla beta di Accord'),
    thanks: 'Grazie per aver letto la Essential Oil Blending Guide. Sei dentro la beta di Accord:',
    free: 'ogni funzione è gratuita finché Accord è in beta.',
    startHere: 'Inizia da qui:',
    button: 'Inizia a usare Accord',
    verified: `La tua copia è verificata: il tuo sconto del ${LAUNCH_DISCOUNT_PERCENT}% sul primo anno di Accord Pro è bloccato per il lancio.`,
    unverified: `Non siamo ancora riusciti a verificare la tua copia, quindi lo sconto non è applicato. Rispondi a questa e-mail con la prima parola di pagina ${SECRET_WORD_PAGE} del libro (o il codice stampato al suo interno) e sistemeremo tutto.`,
  },
  ready: {
    subject: (blendName) => `${blendName} è pronta da provare`,
    rested: ({ blendName, referenceNumber, batch, madeOn }) =>
      batch
        ? `Il lotto di produzione di ${blendName} (${referenceNumber}) preparato il ${longDate('it', madeOn)} ha completato la maturazione ed è pronto da provare.`
        : `${blendName} (${referenceNumber}) ha completato la maturazione: la miscela è pronta da provare.`,
    smell: 'Annusa, poi annota ciò che senti:',
    button: 'Aggiungi una voce di prova',
    why: 'Ricevi questa e-mail perché i promemoria via e-mail sono attivi nel tuo account Accord; puoi disattivarli da lì.',
    pushBatch: (madeOn) =>
      `Il lotto di produzione preparato il ${longDate('it', madeOn)} è maturato. Tocca per aggiungere una voce di prova.`,
    pushVersion: (referenceNumber) => `${referenceNumber} è maturato. Tocca per aggiungere una voce di prova.`,
  },
}

export const MAIL_TEXTS: Record<Language, MailTexts> = { en, de, fr, es, it }
