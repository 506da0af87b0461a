import type { EmailMessage } from '../../platform/mailer/mailer.js';

// Both languages in one message: the account does not yet record a language preference.
export function verificationEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Confirma tu correo · Confirm your email — Momentos',
    text: [
      'Hola:',
      'Confirma tu dirección de correo abriendo este enlace (válido 48 horas):',
      link,
      '',
      'Hello,',
      'Confirm your email address by opening this link (valid for 48 hours):',
      link,
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Restablece tu contraseña · Reset your password — Momentos',
    text: [
      'Hola:',
      'Para elegir una contraseña nueva abre este enlace (válido 1 hora). Si no lo pediste, ignora este mensaje.',
      link,
      '',
      'Hello,',
      'To choose a new password open this link (valid for 1 hour). If you did not ask for it, ignore this message.',
      link,
    ].join('\n'),
  };
}
