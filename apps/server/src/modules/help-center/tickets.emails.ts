import type { EmailMessage } from '../../platform/mailer/mailer.js';

// Both languages in one message, like the account e-mails: no language preference is stored yet.
export function agentReplyEmail(to: string, subject: string, replies: string[], link: string): EmailMessage {
  const quoted = replies
    .map((reply) =>
      reply
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    )
    .join('\n\n');
  return {
    to,
    subject: `Respuesta de soporte · Support reply — ${subject}`,
    text: [
      'Hola:',
      `El equipo de soporte respondió a tu consulta «${subject}»:`,
      '',
      quoted,
      '',
      `Continúa la conversación en ${link}`,
      '',
      'Hello,',
      `Our support team replied to your request "${subject}" (see above).`,
      `Continue the conversation at ${link}`,
    ].join('\n'),
  };
}
