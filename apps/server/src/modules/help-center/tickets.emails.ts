import type { Language } from '@momentos/contract';
import type { EmailMessage } from '../../platform/mailer/mailer.js';

/** The agent's replies quoted, in the customer's language alone (users.language). */
export function agentReplyEmail(
  to: string,
  subject: string,
  replies: string[],
  link: string,
  language: Language,
): EmailMessage {
  const quoted = replies
    .map((reply) =>
      reply
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    )
    .join('\n\n');
  return language === 'es'
    ? {
        to,
        subject: `Respuesta de soporte — ${subject}`,
        text: [
          'Hola:',
          `El equipo de soporte respondió a tu consulta «${subject}»:`,
          '',
          quoted,
          '',
          `Continúa la conversación en ${link}`,
        ].join('\n'),
      }
    : {
        to,
        subject: `Support reply — ${subject}`,
        text: [
          'Hello,',
          `Our support team replied to your request "${subject}":`,
          '',
          quoted,
          '',
          `Continue the conversation at ${link}`,
        ].join('\n'),
      };
}
