import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { defaultLocale, flattenCatalog, locales, type Locale } from '@portal/shared/i18n';
import english from '@portal/shared/locales/en.json' with { type: 'json' };
import urdu from '@portal/shared/locales/ur.json' with { type: 'json' };
import sanitizeHtml from 'sanitize-html';
import type { OutgoingMail } from '../db/repositories/mail-outbox';
import { sanitiseStaffHtml } from '../lib/staff-html';

/*
 * The portal's e-mails, in the student's language (decision 0029): every text is in the `email` area of
 * `packages/shared/locales/<locale>.json`, rendered with Lingui. An Urdu text missing from `ur.json` falls back
 * to the English one.
 */
const catalogs: Record<Locale, Record<string, unknown>> = { en: english, ur: urdu };

function translatorFor(locale: Locale): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  // The messages too: a rejection's picked reason is one (decision 0044).
  const texts = flattenCatalog({ email: english.email, messages: english.messages });
  if (locale !== defaultLocale) {
    const own = flattenCatalog({
      email: catalogs[locale].email as Record<string, string>,
      messages: catalogs[locale].messages as Record<string, string>,
    });
    for (const [id, text] of Object.entries(own)) if (text.trim()) texts[id] = text;
  }
  i18n.load(locale, texts);
  i18n.activate(locale);
  return i18n;
}

const translators = new Map(locales.map((locale) => [locale, translatorFor(locale)]));

type EmailId = `email.${string}` | `messages.${string}`;
type Say = (id: EmailId, values?: Record<string, string | number>) => string;

function sayer(locale: Locale): Say {
  const i18n = translators.get(locale)!;
  return (id, values) => i18n._(id, values);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML part: Urdu is marked as Urdu, read right to left; English stays as it always was. */
function html(locale: Locale, body: string): string {
  return locale === defaultLocale ? body : `<div lang="${locale}" dir="rtl">\n${body}\n</div>`;
}

function lifetime(say: Say, minutes: number): string {
  if (minutes % (60 * 24) === 0) {
    const days = minutes / (60 * 24);
    return days === 1 ? say('email.lifetime.day') : say('email.lifetime.days', { days });
  }
  if (minutes % 60 === 0)
    return minutes === 60 ? say('email.lifetime.hour') : say('email.lifetime.hours', { hours: minutes / 60 });
  return say('email.lifetime.minutes', { minutes });
}

function linkMail(
  locale: Locale,
  recipient: string,
  kind: 'verification' | 'passwordReset' | 'staffSetup',
  link: string,
  minutes: number,
): OutgoingMail {
  const say = sayer(locale);
  const intro = say(`email.${kind}.intro`);
  const action = say(`email.${kind}.action`);
  const outro = say(`email.${kind}.outro`);
  const lasts = say('email.link.lasts', { lifetime: lifetime(say, minutes) });
  return {
    recipient,
    subject: say(`email.${kind}.subject`),
    textBody: `${intro}\n\n${say('email.link.actionLine', { action, link })}\n\n${lasts}\n${outro}\n`,
    htmlBody: html(
      locale,
      `<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p>${escapeHtml(say('email.link.openAddress', { link }))}</p>
<p>${escapeHtml(lasts)}<br>${escapeHtml(outro)}</p>`,
    ),
  };
}

export function verificationMail(
  recipient: string,
  link: string,
  minutes: number,
  locale: Locale = defaultLocale,
): OutgoingMail {
  return linkMail(locale, recipient, 'verification', link, minutes);
}

export function passwordResetMail(
  recipient: string,
  link: string,
  minutes: number,
  locale: Locale = defaultLocale,
): OutgoingMail {
  return linkMail(locale, recipient, 'passwordReset', link, minutes);
}

/** A staff set-up link (an invitation, again or after a reset): staff accounts have no language, so English. */
export function staffSetupMail(recipient: string, link: string, minutes: number): OutgoingMail {
  return linkMail(defaultLocale, recipient, 'staffSetup', link, minutes);
}

/**
 * An announcement e-mailed to its audience (decision 0050): its title, its text (staff HTML, sanitised; as
 * plain text in the text part) and its link, in one language. No recipient: the outbox statement adds them.
 */
export function announcementMail(
  locale: Locale,
  announcement: { title: string; description: string; url: string },
): Omit<OutgoingMail, 'recipient'> {
  const say = sayer(locale);
  const body = sanitiseStaffHtml(announcement.description);
  const plain = sanitizeHtml(body.replace(/<\/(p|li|h3|h4)>|<br\s*\/?>/g, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  }).trim();
  const link = announcement.url ? say('email.announcement.link', { url: announcement.url }) : '';
  const footer = say('email.announcement.footer');
  return {
    subject: say('email.announcement.subject', { title: announcement.title }),
    textBody: [announcement.title, plain, link, footer].filter(Boolean).join('\n\n') + '\n',
    htmlBody: html(
      locale,
      [
        `<h3>${escapeHtml(announcement.title)}</h3>`,
        body,
        announcement.url ? `<p><a href="${escapeHtml(announcement.url)}">${escapeHtml(link)}</a></p>` : '',
        `<p>${escapeHtml(footer)}</p>`,
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  };
}

/**
 * The reviewer's reason, also shown on the documents page: the picked reason in the student's language,
 * then the reviewer's own words as typed (decision 0044); a rejection from before it, its English text.
 */
export function documentsRejectedMail(
  recipient: string,
  rejection: { reason: string; code: string | null; note: string | null },
  locale: Locale = defaultLocale,
): OutgoingMail {
  const say = sayer(locale);
  const intro = say('email.documentsRejected.intro');
  const next = say('email.documentsRejected.next');
  const reason = rejection.code
    ? [say(`messages.${rejection.code}`), rejection.note].filter(Boolean).join('. ')
    : rejection.reason;
  const because = say('email.documentsRejected.reason', { reason });
  return {
    recipient,
    subject: say('email.documentsRejected.subject'),
    textBody: `${intro}\n\n${because}\n\n${next}\n`,
    htmlBody: html(
      locale,
      `<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(because)}</p>
<p>${escapeHtml(next)}</p>`,
    ),
  };
}
