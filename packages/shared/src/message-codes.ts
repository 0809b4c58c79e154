import { messages, type MessageKey } from './messages';

/*
 * Which spec message a text is. The server names the `code` of every answer's `message` with it; the browser
 * loads it with the Urdu catalogue (it needs every message's English text, which the sign-in page must not
 * carry: vite.config.ts, specMessages).
 */

/** A spec message identified: its stable code (the key of `messages`) and the values filled into it. */
export interface MessageCode {
  code: MessageKey;
  params?: Record<string, string>;
}

interface Pattern {
  code: MessageKey;
  names: string[];
  expression: RegExp;
}

const placeholder = /\{\w+\}/;

/** The sentences without values, by their text. */
const exact = new Map<string, MessageKey>();
for (const [code, text] of Object.entries(messages) as [MessageKey, string][]) {
  // Several codes share a sentence (a failure worded alike on two screens): the first one names it.
  if (!placeholder.test(text) && !exact.has(text)) exact.set(text, code);
}

/**
 * The sentences with values, as expressions: made the first time a text is not one of the others. A page in
 * Urdu loads this module before its first render (lib/i18n.ts), which rarely needs them: making the
 * expressions for every message there cost a slow phone tens of milliseconds (issue 27).
 */
let patterns: Pattern[] | undefined;

function patternsOfMessages(): Pattern[] {
  const made: Pattern[] = [];
  for (const [code, text] of Object.entries(messages) as [MessageKey, string][]) {
    if (!placeholder.test(text)) continue;
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    const source = text
      .split(placeholder)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    made.push({ code, names, expression: new RegExp(`^${source}$`, 's') });
  }
  return made;
}

/**
 * Which spec message a text is, and with which values: how the server names the `code` of an answer's
 * `message`, and how the browser finds the translation of a message it made itself (a form's check).
 * Undefined for a text that is not one of the spec's messages.
 */
export function messageCodeOf(text: string): MessageCode | undefined {
  const code = exact.get(text);
  if (code) return { code };
  patterns ??= patternsOfMessages();
  for (const pattern of patterns) {
    const match = pattern.expression.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    pattern.names.forEach((name, index) => (params[name] = match[index + 1] as string));
    return { code: pattern.code, params };
  }
  return undefined;
}
