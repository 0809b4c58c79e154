import type { OutgoingMail } from '../db/repositories/mail-outbox';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function lifetime(minutes: number): string {
  if (minutes % (60 * 24) === 0) {
    const days = minutes / (60 * 24);
    return days === 1 ? '24 hours' : `${days} days`;
  }
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

function linkMail(
  recipient: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  minutes: number,
  outro: string,
): OutgoingMail {
  const lasts = `This link works once and lasts ${lifetime(minutes)}.`;
  return {
    recipient,
    subject,
    textBody: `${intro}\n\n${action}: ${link}\n\n${lasts}\n${outro}\n`,
    htmlBody: `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p>Or open this address: ${escapeHtml(link)}</p>
<p>${escapeHtml(lasts)}<br>${escapeHtml(outro)}</p>`,
  };
}

export function verificationMail(recipient: string, link: string, minutes: number): OutgoingMail {
  return linkMail(
    recipient,
    'Verify your email for the Student Portal',
    'Thank you for signing up. Please verify your email address to activate your account.',
    'Verify my email',
    link,
    minutes,
    'If you did not sign up, you can ignore this email.',
  );
}

export function passwordResetMail(recipient: string, link: string, minutes: number): OutgoingMail {
  return linkMail(
    recipient,
    'Reset your Student Portal password',
    'We received a request to reset the password of your Student Portal account.',
    'Choose a new password',
    link,
    minutes,
    'If you did not ask for this, you can ignore this email: your password stays as it is.',
  );
}

/** The reviewer's reason, also shown on the documents page (`rejectreason`). */
export function documentsRejectedMail(recipient: string, reason: string): OutgoingMail {
  const intro = 'Your documents for the Student Portal were reviewed and could not be accepted.';
  const next = 'Sign in to the Student Portal and upload your documents again.';
  return {
    recipient,
    subject: 'Your Student Portal documents need attention',
    textBody: `${intro}\n\nReason: ${reason}\n\n${next}\n`,
    htmlBody: `<p>${escapeHtml(intro)}</p>
<p>Reason: ${escapeHtml(reason)}</p>
<p>${escapeHtml(next)}</p>`,
  };
}
