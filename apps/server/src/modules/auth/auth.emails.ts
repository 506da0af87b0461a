import type { Language } from '@momentos/contract';
import type { EmailMessage } from '../../platform/mailer/mailer.js';

// Written in the account's language alone (users.language: set at registration and when the person
// switches the site's language).
const VERIFICATION = {
  es: {
    subject: 'Confirma tu correo — Momentos',
    lines: ['Hola:', 'Confirma tu dirección de correo abriendo este enlace (válido 48 horas):'],
  },
  en: {
    subject: 'Confirm your email — Momentos',
    lines: ['Hello,', 'Confirm your email address by opening this link (valid for 48 hours):'],
  },
};

const RESET = {
  es: {
    subject: 'Restablece tu contraseña — Momentos',
    lines: [
      'Hola:',
      'Para elegir una contraseña nueva abre este enlace (válido 1 hora). Si no lo pediste, ignora este mensaje.',
    ],
  },
  en: {
    subject: 'Reset your password — Momentos',
    lines: [
      'Hello,',
      'To choose a new password open this link (valid for 1 hour). If you did not ask for it, ignore this message.',
    ],
  },
};

export function verificationEmail(to: string, link: string, language: Language): EmailMessage {
  const { subject, lines } = VERIFICATION[language];
  return { to, subject, text: [...lines, link].join('\n') };
}

export function passwordResetEmail(to: string, link: string, language: Language): EmailMessage {
  const { subject, lines } = RESET[language];
  return { to, subject, text: [...lines, link].join('\n') };
}

/** The first of Spanish or English an Accept-Language header names (by weight); Spanish, the site's own, else. */
export function preferredLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, order };
    })
    .filter(
      (entry): entry is { base: Language; q: number; order: number } => entry.base === 'es' || entry.base === 'en',
    )
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.base ?? 'es';
}
